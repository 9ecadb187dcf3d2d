/**
 * The contact page, /contact (docs/product.md §2 "Contact", §4 "Contact form: idle, then sending for 1.5 s, then done",
 * §5 "Contact", §9): the company's details and support hours from store info, links to the shop's social
 * accounts ('Follow Us', only the networks the owner set; none set: no 'Follow Us' at all) and a form whose
 * submission is simulated — no call is made. The four fields are required and the e-mail is
 * type email, checked by the browser (docs/product.md §5: "browser check only"); the form's schema says the same.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Clock, Mail, MapPin, Phone, Send, Store } from 'lucide-react';
import { toast } from '@client/lib/notify';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { supportHoursOf } from '@shared/store-settings/store-info-schema';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS, type SocialLinks } from '@shared/store-settings/social-links';

/** Simulated sending time (docs/product.md §9). */
export const CONTACT_SEND_DELAY_MS = 1500;

/** The configured social links in the page's order, with the networks' names. */
function followLinks(links: SocialLinks | undefined): { name: string; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = links?.[network];
    return url ? [{ name: SOCIAL_NETWORK_NAMES[network], url }] : [];
  });
}

/** The contact form: four required texts, the same rule as the inputs' `required` (docs/product.md §5 "Contact"). */
const contactFormSchema = z.object({
  name: z.string().min(1, 'Please enter your name'),
  email: z.string().min(1, 'Please enter your e-mail address'),
  subject: z.string().min(1, 'Please enter a subject'),
  message: z.string().min(1, 'Please enter your message'),
});
type ContactForm = z.infer<typeof contactFormSchema>;

export function ContactPage() {
  const { info, brand } = useStoreInfo();
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useDocumentTitle(`Contact Us | ${brand}`);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  const send = () => {
    if (sending) return;
    setSending(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      toast.success('Message Sent', {
        description: "Thank you for contacting us. We'll get back to you shortly.",
      });
      reset();
      setSending(false);
    }, CONTACT_SEND_DELAY_MS);
  };

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
            onSubmit={(event) => void handleSubmit(send)(event)}
            aria-busy={sending}
          >
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
