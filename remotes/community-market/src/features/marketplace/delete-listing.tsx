import { useState } from 'react';
import { toast } from '@atrium/event-bus';
import { Button, DeleteConfirmDialog, handleError, useNavigate } from '@atrium/ui';
import { MARKET_MESSAGES, type Listing } from '@atrium/domain-market';
import { useMarketActions } from './use-marketplace';

/** Where the seller lands after deleting: the marketplace tab of /communities (/marketplace redirects there). */
export const MARKETPLACE_TAB = '/communities?tab=marketplace';

export const DELETE_LISTING_CONFIRM =
  'Delete this listing? It leaves the marketplace and can no longer be bought. Its purchases and their receipts are kept.';

/**
 * The seller's Delete: asks first, then deletes (the server archives: out of search and 404 on its page, sales and
 * receipts kept), says so and goes to the marketplace tab.
 */
export function DeleteListingButton({ listing }: { listing: Pick<Listing, '_id'> }) {
  const actions = useMarketActions();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await actions.remove(listing._id);
      toast.success(MARKET_MESSAGES.listingDeleted);
      setAsking(false);
      navigate(MARKETPLACE_TAB);
    } catch (e) {
      handleError(e);
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setAsking(true)}>
        Delete listing
      </Button>
      <DeleteConfirmDialog
        opened={asking}
        title="Delete listing"
        message={DELETE_LISTING_CONFIRM}
        loading={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
