/**
 * A link to chat with the shop on WhatsApp (`https://wa.me/<number>?text=…`, WhatsApp's public click-to-chat
 * address; no API key), with `text` filled in for the shopper to send. Shown only when the shop has set its
 * WhatsApp number (store info `whatsappNumber`); renders nothing otherwise. Used by lazily loaded pages only
 * (product page, order success), so it stays out of the home page's first load.
 */
import { MessageCircle } from 'lucide-react';
import { whatsappLink } from '@shared/store-settings/whatsapp';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { buttonVariants } from '@client/components/ui/button-variants';
import { cn } from '@client/lib/utils';

export function WhatsappLink({
  label,
  text,
  className,
}: {
  label: string;
  text: string;
  className?: string;
}) {
  const { info } = useStoreInfo();
  const number = info?.whatsappNumber;
  if (!number) return null;
  return (
    <a
      href={whatsappLink(number, text)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), className)}
    >
      <MessageCircle aria-hidden="true" />
      {label}
    </a>
  );
}
