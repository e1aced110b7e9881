/**
 * /shopify/reconnect: where a seller lands when the Shopify connection needs authorising again (the app
 * was removed, or Shopify refused our token); it starts the ordinary connect flow for the connected
 * store. /shopify/reconnect/store-mismatch: shown when the store that came back from Shopify is not the
 * one this account is connected to; the server refused it and the connection is unchanged.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

/** The connected store's address: the demo keeps the full domain, a connection keeps its name. */
const shopDomainOf = (storeName: string | null) => (!storeName ? '' : storeName.includes('.') ? storeName : `${storeName}.myshopify.com`);

export function ShopifyReconnectPage() {
  const { account } = useSession();
  const [shop, setShop] = useState(() => shopDomainOf(account.salesChannelStoreName));
  const start = useMutation({
    mutationFn: () => api.post<{ authorizeUrl: string }>('/sales-channel/connect', { accountKey: account.accountKey, channel: 'SHOPIFY', shop: shop.trim() }),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
  if (account.salesChannel !== 'SHOPIFY')
    return (
      <Alert color="yellow" title="Shopify accounts only">
        This account does not sell on Shopify. Open its connections from the admin page.
      </Alert>
    );
  return (
    <Stack maw={560}>
      <Title order={1} size="h3">
        Reconnect Shopify
      </Title>
      <Text>
        {account.requiresReauthentication ? 'Shopify no longer accepts our access to your store, so new payouts cannot arrive.' : 'Authorise Ledgerport again in Shopify to renew the connection.'} Sign in to the same store: a different store is refused, so two stores never mix in one account.
      </Text>
      <form onSubmit={(e) => (e.preventDefault(), start.mutate())}>
        <Stack>
          <TextInput label="Shopify store address" placeholder="your-store.myshopify.com" value={shop} onChange={(e) => setShop(e.currentTarget.value)} required />
          {start.isError && (
            <Alert color="red" role="alert" title="Could not connect to sales source.">
              {start.error.message}
            </Alert>
          )}
          <Button type="submit" loading={start.isPending}>
            Reconnect Shopify
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export function ShopifyStoreMismatchPage() {
  const { account } = useSession();
  const location = useLocation();
  const message = (location.state as { message?: string } | null)?.message;
  return (
    <Stack maw={620}>
      <Title order={1} size="h3">
        That is a different Shopify store
      </Title>
      <Alert color="red" role="alert" title="The connection was not changed">
        {message ?? `This account is connected to ${shopDomainOf(account.salesChannelStoreName) || 'another store'}, and Shopify sent back a different one.`}
      </Alert>
      <Text>Sign out of the other store in Shopify (or use a private window), then reconnect the store this account belongs to. To add the other store, create a new account for it.</Text>
      <Button component={Link} to="/shopify/reconnect">
        Reconnect {shopDomainOf(account.salesChannelStoreName) || 'the connected store'}
      </Button>
      <Anchor component={Link} to="/switch?account=NEW">
        Create a new account for the other store
      </Anchor>
    </Stack>
  );
}
