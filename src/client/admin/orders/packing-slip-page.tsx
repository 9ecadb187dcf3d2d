/**
 * `/admin/orders/:orderId/slip`: the printable packing slip — order number, address, and each line's
 * SKU, size, colour and quantity (no prices). Opens the print dialog's button; print CSS hides the button.
 */
import { OrderLineAddOns } from './order-add-ons';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { formatDate } from '../lib/format';
import { adminOrderQuery } from './order-queries';

export function PackingSlipPage() {
  const { orderId = '' } = useParams();
  const query = useQuery(adminOrderQuery(orderId));
  if (query.isPending) return <p className="p-4">Loading…</p>;
  if (query.isError) return <Alert className="m-4 w-auto">{errorText(query.error)}</Alert>;
  const order = query.data;
  const address = order.shippingAddress;
  return (
    <main className="mx-auto max-w-2xl bg-white p-6 text-stone-900 print:p-0">
      <div className="mb-4 flex items-center justify-between print:hidden">
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <h1 className="text-xl font-bold">Packing slip</h1>
      <p className="font-mono text-lg">{order.orderNumber}</p>
      <p className="text-sm">Order date {formatDate(order.createdAt)}</p>
      <section className="mt-4 border-y border-stone-300 py-3">
        <h2 className="text-sm font-semibold uppercase">Ship to</h2>
        <p className="text-lg">{address.fullName}</p>
        <p>{address.address}</p>
        <p>
          {address.city}, {address.state} – {address.postalCode}
        </p>
        <p>Phone {address.phone}</p>
      </section>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-stone-400">
            <th className="py-1">SKU</th>
            <th>Item</th>
            <th>Size</th>
            <th>Colour</th>
            <th className="text-right">Qty</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index} className="border-b border-stone-200">
              <td className="py-1 font-mono">{line.sku}</td>
              <td>
                {line.title}
                {line.addOns && <OrderLineAddOns addOns={line.addOns} />}
              </td>
              <td>{line.size ?? '—'}</td>
              <td>{line.color ?? '—'}</td>
              <td className="text-right">{line.unit === 'm' ? `${line.quantity} m` : line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
