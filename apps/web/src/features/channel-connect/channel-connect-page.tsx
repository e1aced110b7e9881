/**
 * /admin/sales-channel/:channel and its steps (connect, install, cb...): starts the channel's connect
 * flow (the server answers the channel page to go to) and, on the /cb step, finishes it with the
 * query the channel sent back. Failures show the spec's 'Could not connect to sales source.'.
 */
import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { SalesChannel } from '@ledgerport/contract';
import { DEFAULT_AMAZON_MARKETPLACE_ID } from '@ledgerport/core/inventory';
import { api, ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { ChannelIcon, channelName } from '../../ui/channel-icon';
import { useConnectCallback } from './use-connect-callback';
import { AmazonMarketplaceSelect } from './amazon-marketplace-select';

const CHANNELS: SalesChannel[] = ['AMAZON', 'SHOPIFY', 'EBAY', 'ETSY', 'WALMART', 'BIGCOMMERCE', 'PAYPAL', 'AFTERPAY'];

function toChannel(param: string | undefined): SalesChannel | null {
  const upper = (param ?? '').toUpperCase();
  return (CHANNELS as string[]).includes(upper) ? (upper as SalesChannel) : null;
}

/** Channels connected with API credentials the seller types (the server checks them at the channel). */
const KEY_FIELDS: Partial<Record<SalesChannel, { name: string; label: string; isSecret: boolean }[]>> = {
  PAYPAL: [
    { name: 'clientId', label: 'PayPal REST app client ID', isSecret: false },
    { name: 'clientSecret', label: 'PayPal REST app secret', isSecret: true },
  ],
  WALMART: [
    { name: 'clientId', label: 'Walmart API client ID', isSecret: false },
    { name: 'clientSecret', label: 'Walmart API client secret', isSecret: true },
  ],
  AFTERPAY: [
    { name: 'merchantId', label: 'Afterpay Merchant ID', isSecret: false },
    { name: 'secretKey', label: 'Afterpay Secret Key', isSecret: true },
  ],
  // BigCommerce payouts are read from the store's Braintree gateway (the settlement batch summary).
  BIGCOMMERCE: [
    { name: 'merchantId', label: 'Braintree Merchant ID', isSecret: false },
    { name: 'publicKey', label: 'Braintree Public Key', isSecret: false },
    { name: 'privateKey', label: 'Braintree Private Key', isSecret: true },
  ],
};

function ConnectWithKeys({ channel, fields }: { channel: SalesChannel; fields: { name: string; label: string; isSecret: boolean }[] }) {
  const { account, reload } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, string>>({});
  const connect = useMutation({
    mutationFn: () => api.post<{ redirectAfter: string | null }>('/sales-channel/connect-keys', { accountKey: account.accountKey, channel, fields: values }),
    onSuccess: async (answer) => {
      await reload();
      await navigate(answer.redirectAfter ?? '/account-settings/connections');
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        connect.mutate();
      }}
    >
      <Stack>
        <Group gap="xs">
          <ChannelIcon salesChannel={channel} size={24} />
          <Title order={1} size="h3">
            Connect {channelName(channel)}
          </Title>
        </Group>
        {fields.map((f) => (
          <TextInput key={f.name} label={f.label} type={f.isSecret ? 'password' : 'text'} required value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })} />
        ))}
        {connect.isError && (
          <Alert color="red" role="alert" title="Could not connect to sales source.">
            {connect.error.message}
          </Alert>
        )}
        <Button type="submit" loading={connect.isPending}>
          Connect {channelName(channel)}
        </Button>
      </Stack>
    </form>
  );
}

function ConnectStart({ channel }: { channel: SalesChannel }) {
  const { account } = useSession();
  const [params] = useSearchParams();
  const [shop, setShop] = useState(params.get('shop') ?? '');
  const [marketplaceId, setMarketplaceId] = useState(DEFAULT_AMAZON_MARKETPLACE_ID);
  const start = useMutation({
    mutationFn: () =>
      api.post<{ authorizeUrl: string }>('/sales-channel/connect', {
        accountKey: account.accountKey,
        channel,
        ...(channel === 'SHOPIFY' ? { shop: shop.trim() } : {}),
        ...(channel === 'AMAZON' ? { marketplaceId } : {}),
      }),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
  const name = channelName(channel);
  return (
    <Stack>
      <Group gap="xs">
        <ChannelIcon salesChannel={channel} size={24} />
        <Title order={1} size="h3">
          Connect {name}
        </Title>
      </Group>
      <Text>
        {name} will ask you to sign in and allow Ledgerport to read your {channel === 'SHOPIFY' ? 'payouts' : 'settlements'}. After that, new ones arrive by themselves.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate();
        }}
      >
        <Stack>
          {channel === 'AMAZON' && <AmazonMarketplaceSelect value={marketplaceId} onChange={setMarketplaceId} />}
          {channel === 'SHOPIFY' && (
            <TextInput label="Shopify store address" placeholder="your-store.myshopify.com" value={shop} onChange={(e) => setShop(e.currentTarget.value)} required />
          )}
          {start.isError && (
            <Alert color="red" role="alert" title="Could not connect to sales source.">
              {start.error.message}
            </Alert>
          )}
          <Button type="submit" loading={start.isPending}>
            Connect {name}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function ConnectCallback({ channel }: { channel: SalesChannel }) {
  const navigate = useNavigate();
  const finish = useConnectCallback<{ storeName: string; redirectAfter: string | null }>('/sales-channel/callback', { channel }, {
    // The server refused a Shopify store other than the connected one: its own page says what to do.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'channel.store-mismatch') void navigate('/shopify/reconnect/store-mismatch', { state: { message: error.message } });
    },
  });
  if (finish.isError)
    return (
      <Stack>
        <Alert color="red" role="alert" title="Could not connect to sales source.">
          {finish.error instanceof ApiError && finish.error.message !== 'Could not connect to sales source.' ? finish.error.message : `${channelName(channel)} did not accept the connection. Please try again.`}
        </Alert>
        <Button component={Link} to={`/admin/sales-channel/${channel.toLowerCase()}`}>
          Try again
        </Button>
      </Stack>
    );
  if (finish.isSuccess)
    return (
      <Stack>
        <Alert color="green" role="status" title={`${channelName(channel)} is connected`}>
          Connected to {finish.data.storeName}. Your settlements are being fetched now.
        </Alert>
        <Button onClick={() => void navigate(finish.data.redirectAfter ?? '/account-settings/connections')}>Open connections</Button>
      </Stack>
    );
  return <Loader aria-label={`Finishing the ${channelName(channel)} connection`} />;
}

export function ChannelConnectPage() {
  const { channel: channelParam, step } = useParams();
  const channel = toChannel(channelParam);
  if (!channel)
    return (
      <Alert color="red" role="alert" title="Unknown sales channel">
        '{channelParam}' is not a sales channel Ledgerport can connect. <Link to="/admin/sales-source">Choose a sales channel</Link>.
      </Alert>
    );
  if (step === 'cb') return <ConnectCallback channel={channel} />;
  const keyFields = KEY_FIELDS[channel];
  return keyFields ? <ConnectWithKeys channel={channel} fields={keyFields} /> : <ConnectStart channel={channel} />;
}

/** /admin/sales-source and /admin/sales-channel: the channels and payment sources to connect. */
export function SalesSourcePage() {
  return (
    <Stack>
      <Title order={1} size="h3">
        Connect a sales channel or payment source
      </Title>
      <Stack gap="xs">
        {CHANNELS.map((c) => (
          <Button key={c} component={Link} to={`/admin/sales-channel/${c.toLowerCase()}`} variant="default" leftSection={<ChannelIcon salesChannel={c} />} justify="start">
            {channelName(c)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
