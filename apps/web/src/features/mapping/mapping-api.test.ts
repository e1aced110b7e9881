import { describe, expect, it, vi } from 'vitest';
import { track } from '../../lib/track';
import { installFakeApi, signIn } from '../../test-support/fake-api';
import { putMappings } from './mapping-api';

vi.mock('../../lib/track', () => ({ track: vi.fn(() => Promise.resolve()) }));

describe('saving mappings', () => {
  it('sends mapping_saved once a save was stored, and not when it was refused', async () => {
    signIn();
    installFakeApi({ 'PUT /mappings': { status: 400, body: { message: 'Choose an account.', code: 'validation', httpStatusCode: 400 } } });
    await expect(putMappings('acc-amazon', { entries: [], remove: [] })).rejects.toThrow('Choose an account.');
    expect(track).not.toHaveBeenCalled();
    installFakeApi({ 'PUT /mappings': { body: { rows: [] } } });
    await putMappings('acc-amazon', { entries: [], remove: [] });
    expect(track).toHaveBeenCalledWith('mapping_saved', { feature: 'mappings' });
  });
});
