/**
 * The search synonyms section of `/admin/settings` (docs/catalog-format.md "Search synonyms"): one group per
 * line, its words separated by commas — `saree, sari, साड़ी`. A search word found in a group matches every word
 * of it. Empty: no synonyms at all.
 */
import { useState } from 'react';
import {
  synonymSettingsSchema,
  type StoreSettings,
  type SynonymSettings,
} from '@shared/store-settings/store-settings-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { useSaveSettings } from './store-settings-queries';

/** The text of the groups: one line each, words joined by `, `. */
const textOf = (groups: string[][]) => groups.map((group) => group.join(', ')).join('\n');

/** The groups of the text: non-blank lines, split at commas, words trimmed, blank words dropped. */
const groupsOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) =>
      line
        .split(',')
        .map((word) => word.trim())
        .filter((word) => word !== ''),
    );

/** `groups.3: must hold at least 2 words` → `Line 4: must hold at least 2 words`. */
const lineProblem = (path: string, message: string) => {
  const match = /^groups\.(\d+)/.exec(path);
  return match ? `Line ${Number(match[1]) + 1}: ${message}` : message;
};

export function SynonymsForm({ settings }: { settings: StoreSettings }) {
  const [text, setText] = useState(() => textOf(settings.synonyms));
  const [problem, setProblem] = useState<string | undefined>();
  const save = useSaveSettings<SynonymSettings>('synonyms', 'Search synonyms saved', (error) => {
    // Every problem the server names (`groups.3`) belongs to the one text box: the first is shown, by line.
    let shown: string | undefined;
    setFieldErrors<SynonymSettings>(
      error,
      (_field, { message }) => (shown ??= message),
      () => 'groups',
      {
        message: (_field, text, key) => lineProblem(key, text),
      },
    );
    setProblem(shown ?? errorText(error));
  });
  return (
    <form
      noValidate
      aria-labelledby="synonyms-title"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = synonymSettingsSchema.safeParse({ groups: groupsOf(text) });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          setProblem(lineProblem(issue.path.join('.'), issue.message));
          return;
        }
        setProblem(undefined);
        save.mutate(parsed.data, { onSuccess: (saved) => setText(textOf(saved.synonyms)) });
      }}
    >
      <h2 id="synonyms-title" className="font-semibold">
        Search synonyms
      </h2>
      <FormField
        id="settings-synonyms"
        label="Groups of words meaning the same thing"
        hint="One group per line, words separated by commas: saree, sari, साड़ी. Empty: no synonyms."
        error={problem}
      >
        {(control) => (
          <Textarea {...control} rows={8} value={text} onChange={(event) => setText(event.target.value)} />
        )}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        Save synonyms
      </Button>
    </form>
  );
}
