/** The sales-channel icon of the account switcher; channels without a brand icon get a generic one. */
import { IconBrandAmazon, IconBrandEtsy, IconBrandPaypal, IconBrandWalmart, IconBuildingStore, IconCreditCard, IconGavel, IconShoppingBag } from '@tabler/icons-react';

const NAMES: Record<string, string> = {
  AMAZON: 'Amazon',
  SHOPIFY: 'Shopify',
  EBAY: 'eBay',
  ETSY: 'Etsy',
  WALMART: 'Walmart',
  BIGCOMMERCE: 'BigCommerce',
  PAYPAL: 'PayPal',
  AFTERPAY: 'Afterpay',
};

export function channelName(salesChannel: string): string {
  return NAMES[salesChannel] ?? salesChannel;
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
