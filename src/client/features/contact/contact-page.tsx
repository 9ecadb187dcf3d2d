/**
 * The contact page, /contact (docs/product.md §2 "Contact", §4 "Contact form: idle, then sending for 1.5 s, then done",
 * §5 "Contact", §9): the company's details and support hours from store info, links to the shop's social
 * accounts ('Follow Us', only the networks the owner set; none set: no 'Follow Us' at all) and a form that
 * sends the message to the shop (`POST /contact-messages`: kept for the admin's Messages screen and mailed to
 * the store's e-mail). The four fields are required, checked by the shared schema here and on the server; a
 * field the server refuses shows under its input, any other failure in the form's error line.
 */
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone, Send, Store } from 'lucide-react';
import {
  contactMessageBodySchema,
  messageAnswerSchema,
  type ContactMessageBody,
  type ContactMessageForm,
} from '@shared/messages/message-schemas';
import { messageTexts } from '@shared/messages/message-texts';
import { apiRequest } from '@client/lib/api-client';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { supportHoursOf } from '@shared/store-settings/store-info-schema';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS, type SocialLinks } from '@shared/store-settings/social-links';

/** The configured social links in the page's order, with the networks' names. */
function followLinks(links: SocialLinks | undefined): { name: string; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = links?.[network];
    return url ? [{ name: SOCIAL_NETWORK_NAMES[network], url }] : [];
  });
}

/** The form's fields, in the order the server's `fields` may name them. */
const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;

export function ContactPage() {
  const { info, brand } = useStoreInfo();
  useDocumentTitle(`Contact Us | ${brand}`);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactMessageForm, unknown, ContactMessageBody>({
    resolver: zodResolver(contactMessageBodySchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  const send = useMutation({
    mutationFn: (body: ContactMessageBody) =>
      apiRequest('/contact-messages', { method: 'POST', body, schema: messageAnswerSchema }),
    onSuccess: () => {
      toast.success(messageTexts.contactSentTitle, { description: messageTexts.contactSentDescription });
      reset();
    },
    onError: (error) => setFieldErrors(error, setError, CONTACT_FIELDS),
  });
  const sending = send.isPending;

  const companyName = info?.companyName?.trim() || brand;
  const email = info?.companyEmail?.trim();
  const phone = info?.companyPhone?.trim();
  const address = info?.companyAddress?.trim();
  const follow = followLinks(info?.socialLinks);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <header className="mb-8 max-w-2xl">
        <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-2 text-stone-600">
          Questions about a fabric, a size or an order? Send us a message and our team will reply.
        </p>
      </header>

      <div className="grid gap-8 md:grid-cols-[2fr_3fr]">
        <section className="flex flex-col gap-6 rounded-lg bg-brand-50 p-6">
          <h2 className="font-serif text-xl font-bold text-stone-900">Get in Touch</h2>
          <ul className="flex flex-col gap-4 text-stone-700">
            <ContactDetail icon={<Store />} label="Company">
              {companyName}
            </ContactDetail>
            {email && (
              <ContactDetail icon={<Mail />} label="E-mail">
                <a href={`mailto:${email}`} className="break-all text-brand-700 hover:underline">
                  {email}
                </a>
              </ContactDetail>
            )}
            {phone && (
              <ContactDetail icon={<Phone />} label="Phone">
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 hover:underline">
                  {phone}
                </a>
              </ContactDetail>
            )}
            {address && (
              <ContactDetail icon={<MapPin />} label="Address">
                <span className="whitespace-pre-line">{address}</span>
              </ContactDetail>
            )}
            <ContactDetail icon={<Clock />} label="Hours">
              {supportHoursOf(info)}
            </ContactDetail>
          </ul>
          {follow.length > 0 && (
            <div>
              <h3 id="follow-us" className="text-sm font-semibold text-stone-900">
                Follow Us
              </h3>
              <ul aria-labelledby="follow-us" className="mt-2 flex flex-wrap gap-2">
                {follow.map(({ name, url }) => (
                  <li key={name}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-block rounded-full border border-brand-200 bg-white px-3 py-1.5 text-xs font-medium text-brand-800 transition-colors hover:bg-brand-100"
                    >
                      {name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <section className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
          <h2 className="font-serif text-xl font-bold text-stone-900">Send us a Message</h2>
          <form
            className="mt-5 flex flex-col gap-4"
            onSubmit={(event) => void handleSubmit((body) => send.mutate(body))(event)}
            aria-busy={sending}
          >
            <FormError error={send.error} />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="contact-name" label="Name" error={errors.name?.message}>
                {(control) => <Input {...control} autoComplete="name" required {...register('name')} />}
              </FormField>
              <FormField id="contact-email" label="Email" error={errors.email?.message}>
                {(control) => (
                  <Input {...control} type="email" autoComplete="email" required {...register('email')} />
                )}
              </FormField>
            </div>
            <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
              {(control) => <Input {...control} required {...register('subject')} />}
            </FormField>
            <FormField id="contact-message" label="Message" error={errors.message?.message}>
              {(control) => <Textarea {...control} rows={6} required {...register('message')} />}
            </FormField>
            <Button type="submit" size="lg" disabled={sending} className="sm:self-start">
              <Send aria-hidden="true" />
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
        </section>
      </div>
    </div>
  );
}

function ContactDetail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span aria-hidden="true" className="mt-0.5 text-brand-700 [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</p>
        <p className="mt-0.5">{children}</p>
      </div>
    </li>
  );
}
