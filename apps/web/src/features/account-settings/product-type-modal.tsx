/** Add or edit one product type rule: a name, a SKU list and/or a pattern, checked with the contract's schema. */
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { productTypeRuleSchema, type ProductTypeRuleBody } from '@ledgerport/contract';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf } from './field-errors';

const skusOf = (text: string) => [...new Set(text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean))];

export function ProductTypeModal({ rule, otherNames, onSave, onClose }: { rule: ProductTypeRuleBody | null; otherNames: string[]; onSave: (rule: ProductTypeRuleBody) => void; onClose: () => void }) {
  const [name, setName] = useState(rule?.name ?? '');
  const [skus, setSkus] = useState((rule?.skus ?? []).join('\n'));
  const [pattern, setPattern] = useState(rule?.pattern ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const next: ProductTypeRuleBody = { name: name.trim(), skus: skusOf(skus), pattern: pattern.trim() === '' ? null : pattern.trim() };
    const found = fieldErrorsOf(productTypeRuleSchema, next);
    if (otherNames.some((n) => n.toLowerCase() === next.name.toLowerCase())) found.name ??= `Another product type is already named "${next.name}".`;
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(next);
  };
  return (
    <Modal opened onClose={onClose} title={rule ? `Edit ${rule.name}` : 'Add a product type'}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} withAsterisk data-autofocus />
          <Textarea label="SKUs" description="One per line (or separated by commas)." rows={4} value={skus} onChange={(e) => setSkus(e.currentTarget.value)} error={errors.skus ?? Object.entries(errors).find(([k]) => k.startsWith('skus.'))?.[1]} />
          <TextInput label="Pattern" description="A regular expression over the SKU, such as ^TENT- (RE2 syntax: no look-around or back-references; optional when SKUs are listed)." value={pattern} onChange={(e) => setPattern(e.currentTarget.value)} error={errors.pattern} ff="monospace" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{rule ? 'Apply' : 'Add'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
