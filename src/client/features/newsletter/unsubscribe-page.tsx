/**
 * `/newsletter/unsubscribe?token=…` (docs/product.md §2 "Newsletter"): the page every newsletter mail links
 * to. No sign-in: the link's token is enough. The shopper confirms with 'Unsubscribe' (a mail program that
 * opens the link to check it unsubscribes nobody), then reads the server's answer; a link without a valid
 * token says so.
 */
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { messageAnswerSchema } from '@shared/messages/message-schemas';
import { messageTexts } from '@shared/messages/message-texts';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { apiRequest } from '@client/lib/api-client';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** The page's heading and question. */
export const UNSUBSCRIBE_TITLE = 'Unsubscribe from our newsletter';

export function UnsubscribePage() {
  const { brand } = useStoreInfo();
  useDocumentTitle(`Unsubscribe | ${brand}`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () =>
      apiRequest('/newsletter/unsubscribe', { method: 'POST', body: { token }, schema: messageAnswerSchema }),
  });

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">{UNSUBSCRIBE_TITLE}</h1>
      {!token ? (
        <Alert className="mt-6">{messageTexts.unsubscribeLinkInvalid}</Alert>
      ) : unsubscribe.isSuccess ? (
        <p role="status" className="mt-6 text-stone-700">
          {unsubscribe.data.message}
        </p>
      ) : (
        <div className="mt-6 flex flex-col gap-4">
          <p className="text-stone-700">
            You will no longer receive the newsletter of {brand} at the address this link was sent to.
          </p>
          <FormError error={unsubscribe.error} fallback={messageTexts.unsubscribeLinkInvalid} />
          <Button
            type="button"
            size="lg"
            className="sm:self-start"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate()}
          >
            Unsubscribe
          </Button>
        </div>
      )}
    </div>
  );
}
