/**
 * The QR screen's 'I have paid' step: the shopper may give the 12-digit UTR their UPI app shows (optional;
 * checked with the shared `paymentReportBodySchema`) and say they have paid. The server records it for the
 * shop owner, and the payment page then says the payment is being verified (./payment-verifying.tsx) instead
 * of the QR code. A refused report shows the server's message (a paid or cancelled order).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { paymentReportBodySchema } from '@shared/payments/payment-report-schema';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { setFieldErrors } from '@client/lib/form-errors';
import { I_HAVE_PAID, UTR_LABEL } from './payment-texts';
import { usePaymentReportMutation } from './payments-api';

const reportFormSchema = paymentReportBodySchema.pick({ utr: true });
type ReportForm = { utr?: string };

export type PaymentReportFormProps = {
  /** The order number being paid. */
  orderId: string;
};

/** The 'I have paid' form of a Pending order: the optional UTR field, the button, and what the server said. */
export function PaymentReportForm({ orderId }: PaymentReportFormProps) {
  const report = usePaymentReportMutation();
  const form = useForm<ReportForm>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: { utr: '' },
  });
  const submit = form.handleSubmit(async ({ utr }) => {
    try {
      await report.mutateAsync({ orderId, utr: utr ?? '' });
    } catch (error) {
      setFieldErrors(error, form.setError, ['utr']);
    }
  });

  return (
    <form
      noValidate
      aria-label="I have paid"
      className="flex w-full flex-col gap-3 border-t border-stone-200 pt-4 text-left"
      onSubmit={(event) => void submit(event)}
    >
      <FormField
        id="payment-utr"
        label={UTR_LABEL}
        hint="Find it in your UPI app's payment details, e.g. 412345678901"
        error={form.formState.errors.utr?.message}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...form.register('utr')}
          />
        )}
      </FormField>
      <FormError error={report.error} />
      <Button type="submit" disabled={report.isPending || report.isSuccess}>
        {I_HAVE_PAID}
      </Button>
    </form>
  );
}
