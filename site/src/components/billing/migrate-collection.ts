import { callApi } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { clearAnonymousCollection, readAnonymousCollection } from '../../stores/anonymous-collection.ts';
import { toast } from '../../stores/toast.ts';

/**
 * docs/product.md §2 /payment-success: on becoming PRO, a saved anonymous collection moves to the account
 * (POST /api/migrate-collection), then the browser copy is deleted. A failure keeps it.
 */
export async function migrateSavedCollection(): Promise<void> {
  const collection = readAnonymousCollection();
  if (collection.length === 0) return;
  try {
    const answer = await callApi(API.migrateCollection, { body: { collection: [...collection] } });
    clearAnonymousCollection();
    toast({ title: 'Collection Migrated!', description: `${answer.migratedCards} cards successfully transferred to your PRO account.`, variant: 'success' });
  } catch {
    toast({ title: 'Migration Error', description: 'There was an issue transferring your collection. Please contact support.', variant: 'error' });
  }
}
