/**
 * Settings > Sales Grouping and Tracking ('Classes/Tracking' for PayPal): how settlement lines are
 * summarised into document lines, month and country splits, the marketplace tracking category (Xero)
 * or class (QuickBooks), and what happens to a settlement whose lines do not sum to its deposit.
 * A change applies to documents not posted yet; posted ones change only by reprocessing.
 */
import { Alert, Button, Card, Group, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { savePostingSettings, type GroupBy, type PostingSettingsBody, type SavePostingSettings } from '@ledgerport/contract';
import { Link } from 'react-router';
import { useSession } from '../../lib/session-context';
import { fetchPostingSettings, postingSettingsKey } from './posting-settings-api';
import { SettingsTabForm, SettingsTabLoader, useSettingsTabForm } from './settings-tab-form';

const GROUP_BY_OPTIONS: { value: GroupBy; label: string; description: string }[] = [
  { value: 'type', label: 'Transaction type', description: 'One line per transaction type (the usual choice).' },
  { value: 'sku', label: 'SKU', description: 'One line per type and SKU. Xero needs the SKUs to exist as items.' },
  { value: 'product-type', label: 'Product type', description: 'One line per type and product type (set them up under Product Types).' },
  { value: 'country', label: 'Country', description: 'One line per type and country of the marketplace.' },
  { value: 'fulfilment', label: 'Fulfilment channel', description: 'One line per type and fulfilment channel (such as FBA or merchant).' },
];

type Form = Required<Omit<SavePostingSettings, 'timeZoneId' | 'productTypes'>>;

const formOf = (s: PostingSettingsBody): Form => ({
  groupBy: s.groupBy,
  isSplitByMonth: s.isSplitByMonth,
  shouldSplitByCountry: s.shouldSplitByCountry,
  isTrackedByMarketplace: s.isTrackedByMarketplace,
  trackingCategoryName: s.trackingCategoryName,
  inconsistentSettlements: s.inconsistentSettlements,
  periodLockTreatment: s.periodLockTreatment,
});

const savedMessage = (saved: PostingSettingsBody) => {
  const held = saved.inconsistentSettlements === 'hold' && saved.heldCount > 0 ? ` ${saved.heldCount} inconsistent settlement${saved.heldCount === 1 ? ' is' : 's are'} on hold.` : '';
  const closed = saved.periodLockHeldCount > 0 ? ` ${saved.periodLockHeldCount} settlement${saved.periodLockHeldCount === 1 ? ' is' : 's are'} on hold for a closed period.` : '';
  return `Sales grouping and tracking saved.${held}${closed}`;
};

function SalesGroupingForm({ settings }: { settings: PostingSettingsBody }) {
  const { account } = useSession();
  const kit = useSettingsTabForm({
    entry: savePostingSettings,
    settings,
    queryKey: postingSettingsKey(account.accountKey),
    formOf,
    bodyOf: (f: Form) => f,
    savedMessage,
    // Holding or releasing inconsistent settlements changes the list.
    alsoRefresh: [['settlements']],
  });
  const { form, setForm, errors } = kit;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const trackingWord = account.accountingSystem === 'QBO' ? 'class' : 'tracking category';

  return (
    <SettingsTabForm kit={kit} maw={760}>
      <Text size="sm" c="dimmed">
        These settings shape documents not posted yet. To change a posted settlement, reprocess it from its page.
      </Text>
      <Card withBorder>
        <Radio.Group label="Group sales by" value={form.groupBy} onChange={(v) => set('groupBy', v)} error={errors.groupBy}>
          <Stack gap="xs" mt="xs">
            {GROUP_BY_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} description={o.description} />
            ))}
          </Stack>
        </Radio.Group>
        {form.groupBy === 'product-type' && settings.productTypes.length === 0 && (
          <Alert color="yellow" mt="sm">
            No product types yet: every SKU would post as Unassigned. <Link to="/account-settings/product-types">Set up product types</Link>.
          </Alert>
        )}
      </Card>
      <Card withBorder>
        <Stack>
          <Switch label="Split by month" description="A settlement spanning a month end posts as one document per month." checked={form.isSplitByMonth} onChange={(e) => set('isSplitByMonth', e.currentTarget.checked)} />
          <Switch label="Split by country" description="Also split every line by the country of its marketplace." checked={form.shouldSplitByCountry} onChange={(e) => set('shouldSplitByCountry', e.currentTarget.checked)} />
          <Switch
            label="Track by marketplace"
            description={`Tag each line with a ${trackingWord} named after its marketplace (such as Amazon.com).`}
            checked={form.isTrackedByMarketplace}
            onChange={(e) => set('isTrackedByMarketplace', e.currentTarget.checked)}
          />
          {form.isTrackedByMarketplace && (
            <TextInput
              label={account.accountingSystem === 'QBO' ? 'Class name' : 'Tracking category name'}
              value={form.trackingCategoryName}
              onChange={(e) => set('trackingCategoryName', e.currentTarget.value)}
              error={errors.trackingCategoryName}
              maxLength={100}
              withAsterisk
            />
          )}
        </Stack>
      </Card>
      <Card withBorder>
        <Radio.Group
          label="Inconsistent settlements"
          description="When a settlement's lines do not add up to its deposit."
          value={form.inconsistentSettlements}
          onChange={(v) => set('inconsistentSettlements', v)}
          error={errors.inconsistentSettlements}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="suspense" label="Post with a suspense line" description='The difference goes on a visible "unreconciled difference" line in the suspense account.' />
            <Radio value="hold" label="Hold until released" description="The settlement is put on hold and not sent until you release it on its page." />
          </Stack>
        </Radio.Group>
        {settings.heldCount > 0 && (
          <Text size="sm" mt="sm">
            {settings.heldCount} settlement{settings.heldCount === 1 ? ' is' : 's are'} on hold now. <Link to="/settlements">See the settlements</Link>.
          </Text>
        )}
      </Card>
      <Card withBorder>
        <Radio.Group
          label="Documents in a closed period"
          description="When a document's date falls in a period your accounting system has closed (its lock date or closing date)."
          value={form.periodLockTreatment}
          onChange={(v) => set('periodLockTreatment', v)}
          error={errors.periodLockTreatment}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="hold" label="Hold the settlement" description="It is not sent; its page says which date falls in which closed period." />
            <Radio value="move" label="Move to the first open day" description="The document is dated the day after the closed period, with a line in its memo naming its own date." />
          </Stack>
        </Radio.Group>
        {settings.periodLockHeldCount > 0 && (
          <Text size="sm" mt="sm">
            {settings.periodLockHeldCount} settlement{settings.periodLockHeldCount === 1 ? ' is' : 's are'} on hold for a closed period. <Link to="/settlements">See the settlements</Link>.
          </Text>
        )}
      </Card>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {settings.updatedAt ? `Version ${settings.version}, saved ${settings.updatedAt.slice(0, 16).replace('T', ' ')} UTC${settings.updatedBy ? ` by ${settings.updatedBy}` : ''}.` : 'Default settings.'}
        </Text>
        <Button type="submit" loading={kit.isSaving} disabled={!kit.isChanged}>
          Save
        </Button>
      </Group>
    </SettingsTabForm>
  );
}

export function SalesGroupingPage() {
  const { account } = useSession();
  return (
    <SettingsTabLoader what="sales grouping settings" queryKey={postingSettingsKey(account.accountKey)} load={() => fetchPostingSettings(account.accountKey)} versionOf={(s) => s.version}>
      {(settings) => <SalesGroupingForm settings={settings} />}
    </SettingsTabLoader>
  );
}
