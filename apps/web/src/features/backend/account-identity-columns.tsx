/** The first columns of every account table in the backend: name (to the account area), key, channel. */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { SalesChannel } from '@ledgerport/contract';
import { channelName } from '../../ui/channel-icon';
import type { DataColumn } from '../../ui/data-table';
import { accountAreaPath } from './backend-users-api';

export function accountIdentityColumns<T extends { accountName: string; accountKey: string; salesChannel: SalesChannel }>(): Array<DataColumn<T>> {
  return [
    {
      id: 'accountName',
      header: 'Account',
      sortValue: (a) => a.accountName.toLowerCase(),
      cell: (a) => (
        <Anchor component={Link} to={accountAreaPath(a.accountKey)} aria-label={`Open account area of ${a.accountName}`}>
          {a.accountName}
        </Anchor>
      ),
    },
    { id: 'accountKey', header: 'Key', sortValue: (a) => a.accountKey, cell: (a) => a.accountKey },
    { id: 'salesChannel', header: 'Channel', sortValue: (a) => a.salesChannel, cell: (a) => channelName(a.salesChannel) },
  ];
}
