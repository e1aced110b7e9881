/** The sales-channel icon of the account switcher; channels without a brand icon get a generic one. */
import { IconBrandAmazon, IconBrandEtsy, IconBrandPaypal, IconBrandWalmart, IconBuildingStore, IconCreditCard, IconGavel, IconShoppingBag } from '@tabler/icons-react';
import { CHANNEL_NAMES } from '@ledgerport/core/mapping';


export function channelName(salesChannel: string): string {
  return (CHANNEL_NAMES as Record<string, { name: string } | undefined>)[salesChannel]?.name ?? salesChannel;
}

export function ChannelIcon({ salesChannel, size = 18 }: { salesChannel: string; size?: number }) {
  const props = { size, role: 'img', 'aria-label': channelName(salesChannel) };
  switch (salesChannel) {
    case 'AMAZON':
      return <IconBrandAmazon {...props} />;
    case 'ETSY':
      return <IconBrandEtsy {...props} />;
    case 'PAYPAL':
      return <IconBrandPaypal {...props} />;
    case 'WALMART':
      return <IconBrandWalmart {...props} />;
    case 'SHOPIFY':
      return <IconShoppingBag {...props} />;
    case 'EBAY':
      return <IconGavel {...props} />;
    case 'AFTERPAY':
      return <IconCreditCard {...props} />;
    default:
      return <IconBuildingStore {...props} />;
  }
}
