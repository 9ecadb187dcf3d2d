/**
 * `/admin/messages/templates` (docs/messages.md "Templates"): each message's text with its `{{variables}}`,
 * previewed live with sample values, its e-mail subject, the name of the WhatsApp template Meta approved for
 * it and its MSG91 (DLT) template id. A blank text or subject goes back to the default.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unknownVariables, type MessageTemplateSettings } from '@shared/notifications/message-admin-schemas';
import { renderMessageText } from '@shared/notifications/message-templates';
import { SAMPLE_MESSAGE_VARIABLES } from '@shared/notifications/message-template-rules';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { MessagesTabs } from './messages-tabs';
import {
  MESSAGE_TEMPLATES_QUERY_KEY,
  messageTemplatesQuery,
  saveMessageTemplate,
} from './outgoing-message-queries';

export function MessageTemplatesPage() {
  const list = useQuery(messageTemplatesQuery());
  return (
    <MessagesTabs tab="templates">
      <p className="text-sm text-stone-600">
        Change what each message says. WhatsApp sends the template Meta approved under its name, so register
        the same text at Meta; SMS need the MSG91 template id of the DLT-registered text.
      </p>
      {list.isPending && <p className="text-stone-600">Loading…</p>}
      {list.isError && <Alert>{errorText(list.error)}</Alert>}
      {list.data?.templates.map((template) => (
        <TemplateEditor key={template.template} template={template} />
      ))}
    </MessagesTabs>
  );
}

function TemplateEditor({ template }: { template: MessageTemplateSettings }) {
  const client = useQueryClient();
  const [text, setText] = useState(template.text);
  const [emailSubject, setEmailSubject] = useState(template.emailSubject);
  const [whatsappTemplateName, setWhatsappTemplateName] = useState(template.whatsappTemplateName);
  const [msg91TemplateId, setMsg91TemplateId] = useState(template.msg91TemplateId ?? '');
  const save = useMutation({
    mutationFn: () =>
      saveMessageTemplate(template.template, {
        text: text === template.defaultText ? null : text,
        emailSubject: emailSubject === template.defaultEmailSubject ? null : emailSubject,
        whatsappTemplateName,
        msg91TemplateId,
      }),
    onSuccess: (saved) => {
      setText(saved.text);
      setEmailSubject(saved.emailSubject);
      setWhatsappTemplateName(saved.whatsappTemplateName);
      setMsg91TemplateId(saved.msg91TemplateId ?? '');
      void client.invalidateQueries({ queryKey: MESSAGE_TEMPLATES_QUERY_KEY });
      toast.success(`Saved ${template.template}`);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0)
        toast.error(errorText(error));
    },
  });
  const serverErrors = save.error instanceof ApiError ? save.error.fields : {};
  const unknown = unknownVariables(template.template, text);
  const id = `template-${template.template}`;
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-4 text-sm" data-testid={id}>
        <h2 className="font-semibold">
          {template.template}
          {template.customised && <span className="ml-2 text-xs font-normal text-stone-600">changed</span>}
        </h2>
        <FormField
          id={`${id}-text`}
          label="Text"
          hint={`Variables: ${template.variables.map((name) => `{{${name}}}`).join(' ')}`}
          error={
            serverErrors.text ??
            (unknown.length > 0
              ? `Unknown variable ${unknown.map((name) => `{{${name}}}`).join(', ')}`
              : undefined)
          }
        >
          {(control) => (
            <Textarea {...control} rows={3} value={text} onChange={(event) => setText(event.target.value)} />
          )}
        </FormField>
        <div className="rounded-md bg-stone-100 p-2" aria-live="polite">
          <span className="text-xs text-stone-600">Preview with sample values</span>
          <p data-testid={`${id}-preview`} className="break-words whitespace-pre-wrap">
            {renderMessageText(text, SAMPLE_MESSAGE_VARIABLES)}
          </p>
        </div>
        <FormField id={`${id}-subject`} label="E-mail subject" error={serverErrors.emailSubject}>
          {(control) => (
            <Input
              {...control}
              value={emailSubject}
              onChange={(event) => setEmailSubject(event.target.value)}
            />
          )}
        </FormField>
        <div className="grid gap-2 sm:grid-cols-2">
          <FormField
            id={`${id}-whatsapp`}
            label="WhatsApp template name"
            error={serverErrors.whatsappTemplateName}
          >
            {(control) => (
              <Input
                {...control}
                value={whatsappTemplateName}
                onChange={(event) => setWhatsappTemplateName(event.target.value)}
              />
            )}
          </FormField>
          <FormField id={`${id}-msg91`} label="MSG91 template id" error={serverErrors.msg91TemplateId}>
            {(control) => (
              <Input
                {...control}
                value={msg91TemplateId}
                placeholder="Not set"
                onChange={(event) => setMsg91TemplateId(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="flex gap-2">
          <Button type="button" disabled={save.isPending || unknown.length > 0} onClick={() => save.mutate()}>
            Save
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => {
              setText(template.defaultText);
              setEmailSubject(template.defaultEmailSubject);
            }}
          >
            Default text
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
