/**
 * /admin/sales-channel/:channel and its steps (connect, install, cb...): starts the channel's connect
 * flow (the server answers the channel page to go to) and, on the /cb step, finishes it with the
 * query the channel sent back (also on /access-token and /admin/auth-token); bank-account-settings and
 * financial-settings open the accounting system's settings. Failures show the spec's 'Could not connect to sales source.'.
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
import { AccountingSettingsForm } from '../accounting-connect/accounting-settings-form';
import { toAccountingSystem } from '../accounting-connect/accounting-systems';

/** Steps of spec section 2 that begin a connection: walmart/connect, shopify/connect, shopify/install, amazon/connect, bigcommerce/connect. */
const START_STEPS = new Set(['connect', 'install']);

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

/**
 * The step where the channel hands back its code or token: /admin/sales-channel/:channel/cb and
 * /access-token, and /admin/auth-token, which names no channel (the connect's state says which).
 */
export function ConnectCallback({ channel }: { channel: SalesChannel | null }) {
  return (
    <Stack>
      <ConnectingHeading channel={channel} />
      <ConnectCallbackOutcome channel={channel} />
    </Stack>
  );
}

function ConnectingHeading({ channel }: { channel: SalesChannel | null }) {
  return (
    <Title order={1} size="h3">
      Connecting {channel ? channelName(channel) : 'your sales channel'}
    </Title>
  );
}

function ConnectCallbackOutcome({ channel }: { channel: SalesChannel | null }) {
  const navigate = useNavigate();
  const finish = useConnectCallback<{ channel: SalesChannel; storeName: string; redirectAfter: string | null }>('/sales-channel/callback', channel ? { channel } : {}, {
    // The server refused a Shopify store other than the connected one: its own page says what to do.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'channel.store-mismatch') void navigate('/shopify/reconnect/store-mismatch', { state: { message: error.message } });
    },
  });
  const name = channel ? channelName(channel) : 'The sales channel';
  if (finish.isError)
    return (
      <Stack>
        <Alert color="red" role="alert" title="Could not connect to sales source.">
          {finish.error instanceof ApiError && finish.error.message !== 'Could not connect to sales source.' ? finish.error.message : `${name} did not accept the connection. Please try again.`}
        </Alert>
        <Button component={Link} to={channel ? `/admin/sales-channel/${channel.toLowerCase()}` : '/admin/sales-source'}>
          Try again
        </Button>
      </Stack>
    );
  if (finish.isSuccess)
    return (
      <Stack>
        <Alert color="green" role="status" title={`${channelName(finish.data.channel)} is connected`}>
          Connected to {finish.data.storeName}. Your settlements are being fetched now.
        </Alert>
        <Button onClick={() => void navigate(finish.data.redirectAfter ?? '/account-settings/connections')}>Open connections</Button>
      </Stack>
    );
  return <Loader aria-label={channel ? `Finishing the ${channelName(channel)} connection` : 'Finishing the connection'} />;
}

/** /admin/auth-token: a channel hands back its authorization here; the stored connect state names the channel. */
export function AuthTokenPage() {
  const [params] = useSearchParams();
  const channel = toChannel(params.get('channel') ?? undefined);
  if (!params.get('state'))
    return (
      <Stack>
        <ConnectingHeading channel={channel} />
        <Alert color="red" role="alert" title="Could not connect to sales source.">
          This page finishes a connection a sales channel sends you back to, and this link carries no authorization from one. <Link to="/admin/sales-source">Connect a sales channel</Link> to start again.
        </Alert>
      </Stack>
    );
  return <ConnectCallback channel={channel} />;
}

/** The bank-account and financial settings steps of a channel's connect: the accounting system's settings, where its payouts are deposited. */
function ChannelAccountingStep({ channel, step }: { channel: SalesChannel; step: 'bank-account-settings' | 'financial-settings' }) {
  const { account } = useSession();
  const system = toAccountingSystem(account.accountingSystem ?? undefined);
  const title = `${channelName(channel)} ${step === 'bank-account-settings' ? 'bank account settings' : 'financial settings'}`;
  if (!system)
    return (
      <Stack>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Alert color="yellow" role="alert" title="No accounting system is connected">
          The {step === 'bank-account-settings' ? 'bank account' : 'financial'} settings of your {channelName(channel)} payouts come from your accounting system. <Link to="/admin/accounting/choose">Connect your accounting system</Link> first.
        </Alert>
      </Stack>
    );
  return <AccountingSettingsForm system={system} title={title} />;
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
  const keyFields = KEY_FIELDS[channel];
  // bigcommerce/access-token: a channel connected with typed credentials takes them on this step.
  if (step === 'cb' || (step === 'access-token' && !keyFields)) return <ConnectCallback channel={channel} />;
  if (step === 'bank-account-settings' || step === 'financial-settings') return <ChannelAccountingStep channel={channel} step={step} />;
  if (step !== undefined && !START_STEPS.has(step) && step !== 'access-token')
    return (
      <Alert color="red" role="alert" title="Unknown connect step">
        &apos;{step}&apos; is not a step of connecting {channelName(channel)}. <Link to={`/admin/sales-channel/${channel.toLowerCase()}`}>Connect {channelName(channel)}</Link>.
      </Alert>
    );
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
