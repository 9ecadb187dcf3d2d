/**
 * `/admin/settings/webhooks` (owner only; docs/webhooks.md): the shop's webhook endpoints — add one (URL and
 * the events it receives; its signing secret is shown this once, with Copy), pause or resume it, send a test
 * ping, delete it, and see its latest deliveries with each answer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointCreateSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookPingSchema,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointCreated,
  type WebhookEndpointForm,
} from '@shared/webhooks/webhook-schemas';
import { Alert, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useAdminSession } from '../lib/admin-session';
import { WebhookDeliveries } from './webhook-deliveries';
import { webhookEndpointsQuery, WEBHOOKS_QUERY_KEY } from './webhook-queries';

function NewSecret({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  return (
    <Alert variant="success" role="status" className="flex flex-col gap-2">
      <AlertTitle>Signing secret of {created.endpoint.url}</AlertTitle>
      <p className="text-sm">
        Copy it now into the receiving system: it is shown only this once. Each delivery&apos;s
        X-Resham-Signature is made with it.
      </p>
      <code aria-label="Signing secret" className="break-all rounded bg-stone-100 p-2 font-mono text-sm">
        {created.secret}
      </code>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() =>
            navigator.clipboard
              ?.writeText(created.secret)
              .then(() => toast.success('Secret copied'))
              .catch(() => toast.error('Copy failed: select the secret and copy it'))
          }
        >
          Copy secret
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </Alert>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
  const toggle = useMutation({
    mutationFn: () =>
      apiRequest(`/admin/webhooks/${endpoint.id}`, {
        method: 'PATCH',
        body: { active: !endpoint.active },
        schema: webhookEndpointSchema,
      }),
    onSuccess: (changed) => {
      toast.success(changed.active ? 'Webhook resumed' : 'Webhook paused');
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const ping = useMutation({
    mutationFn: () =>
      apiRequest(`/admin/webhooks/${endpoint.id}/ping`, {
        method: 'POST',
        body: {},
        schema: webhookPingSchema,
      }),
    onSuccess: () => {
      toast.success('Test ping sent');
      setOpen(true);
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const remove = useMutation({
    mutationFn: () =>
      apiRequest(`/admin/webhooks/${endpoint.id}`, { method: 'DELETE', schema: webhookEndpointListSchema }),
    onSuccess: () => {
      setDeleting(false);
      toast.success('Webhook deleted');
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-all font-medium">{endpoint.url}</p>
          <p className="text-xs text-stone-500">
            {endpoint.active ? 'Active' : 'Paused'} · {endpoint.events.join(', ')}
          </p>
          {(endpoint.retrying > 0 || endpoint.failed > 0) && (
            <p className="text-xs text-red-700">
              Last 24 h: {endpoint.retrying} retrying, {endpoint.failed} given up
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" disabled={ping.isPending} onClick={() => ping.mutate()}>
            Send test ping
          </Button>
          <Button size="sm" variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
            {endpoint.active ? 'Pause' : 'Resume'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </div>
      <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide deliveries' : 'Show deliveries'}
      </Button>
      {open && <WebhookDeliveries endpointId={endpoint.id} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete the webhook to ${endpoint.url}?`}
        description="It receives no more events, and its deliveries are deleted with it."
        keepLabel="Keep webhook"
        confirmLabel="Delete webhook"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

export function WebhooksPage() {
  const { me } = useAdminSession();
  const client = useQueryClient();
  const endpoints = useQuery({ ...webhookEndpointsQuery(), enabled: me?.role === 'owner' });
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const form = useForm<WebhookEndpointForm, unknown, WebhookEndpointCreate>({
    resolver: zodResolver(webhookEndpointCreateSchema),
    defaultValues: { url: '', events: [] },
  });
  const add = useMutation({
    mutationFn: (body: WebhookEndpointCreate) =>
      apiRequest('/admin/webhooks', { method: 'POST', body, schema: webhookEndpointCreatedSchema }),
    onSuccess: (answer) => {
      setCreated(answer);
      form.reset();
      toast.success('Webhook added');
      void client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
    },
    onError: (error) => {
      if (setFieldErrors(error, form.setError, ['url', 'events']).shown.length === 0) {
        toast.error(errorText(error));
      }
    },
  });
  if (me && me.role !== 'owner')
    return <p className="text-stone-600">Only the shop owner manages webhooks.</p>;
  return (
    <section aria-labelledby="webhooks-title" className="flex flex-col gap-3">
      <h1 id="webhooks-title" className="text-lg font-semibold">
        Webhooks
      </h1>
      <p className="text-sm text-stone-600">
        Other systems (accounting, a warehouse, a messaging tool) can follow the shop: each event is sent to
        their URL as a signed POST, and retried for 24 hours until it is answered with 2xx.
      </p>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      <form
        noValidate
        aria-label="Add a webhook"
        className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3"
        onSubmit={form.handleSubmit((body) => add.mutate(body))}
      >
        <FormField
          id="webhook-url"
          label="URL"
          hint="https:// address of the receiving system"
          error={form.formState.errors.url?.message}
        >
          {(control) => <Input {...control} type="url" inputMode="url" {...form.register('url')} />}
        </FormField>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium">Events</legend>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input type="checkbox" value={type} className="mt-1" {...form.register('events')} />
              <span>
                <span className="font-mono">{type}</span>
                <span className="block text-xs text-stone-500">{WEBHOOK_EVENT_LABELS[type]}</span>
              </span>
            </label>
          ))}
          {form.formState.errors.events && (
            <p role="alert" className="text-sm text-red-700">
              {form.formState.errors.events.message ?? form.formState.errors.events.root?.message}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={add.isPending}>
          Add webhook
        </Button>
      </form>
      {endpoints.isError && <Alert>{errorText(endpoints.error)}</Alert>}
      {endpoints.data && endpoints.data.endpoints.length === 0 && (
        <p className="text-sm text-stone-600">No webhooks yet.</p>
      )}
      {endpoints.data && endpoints.data.endpoints.length > 0 && (
        <ul aria-label="Webhook endpoints" className="flex flex-col gap-2">
          {endpoints.data.endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </section>
  );
}
