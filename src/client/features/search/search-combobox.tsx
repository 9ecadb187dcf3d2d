/**
 * The header's search box with suggestions as you type (loaded on demand: the header renders a plain field
 * and swaps this in on first focus or hover). An ARIA 1.2 combobox: the input keeps focus and points at the
 * active option with `aria-activedescendant`; ArrowDown / ArrowUp walk the options (wrapping), Enter opens
 * the active one or else the results for the text (/products?q=…), Esc closes the list (an Esc it does not
 * use is left to the header, which closes the phone's search bar). Suggestions are asked for 150 ms after
 * the last key.
 */
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import { SearchIcon } from '@client/components/icons/first-load-icons';
import { cn } from '@client/lib/utils';
import { suggestQueryOptions } from './search-api';
import {
  nextActiveIndex,
  optionLabel,
  SUGGEST_MAX_LENGTH,
  suggestionOptions,
  type SuggestionOption,
} from './suggestion-options';
import { useDebouncedValue } from './use-debounced-value';

/** Wait after the last key before asking for suggestions (ms). */
export const SUGGEST_DEBOUNCE_MS = 150;

export type SearchComboboxProps = {
  /**
   * The plain field this takes the place of. Its text and focus are read as this first renders, while the
   * plain field is still on the page, so nothing typed during the swap is lost.
   */
  replaces: () => HTMLInputElement | null;
  /** Class of the text field, shared with the plain field so the swap does not move anything. */
  fieldClassName: string;
  /** Under 1024 px: the header's search bar is open (styles.css `.search-box`). */
  open: boolean;
};

export function SearchCombobox({ replaces, fieldClassName, open: barOpen }: SearchComboboxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const [start] = useState(() => {
    const plain = replaces();
    return { text: plain?.value ?? '', focused: !!plain && plain === document.activeElement };
  });
  const [text, setText] = useState(start.text);
  // Text typed into the plain field before this loaded opens the list at once.
  const [expanded, setExpanded] = useState(start.focused && start.text.trim() !== '');
  const [active, setActive] = useState(-1);

  // The field shows the search of the listing being viewed (after a search, Back or Forward).
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setExpanded(false);
    setActive(-1);
    if (location.pathname === '/products') setText(new URLSearchParams(location.search).get('q') ?? '');
  }

  // In the same task as the swap, or a key pressed in between would land nowhere.
  useLayoutEffect(() => {
    if (!start.focused) return;
    const field = input.current;
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, [start]);

  const typed = text.trim().slice(0, SUGGEST_MAX_LENGTH);
  const debounced = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...suggestQueryOptions(debounced),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
  });
  const options = suggestionOptions(typed, suggestions.data ?? null);
  const open = expanded && options.length > 0;
  const activeOption: SuggestionOption | undefined = open ? options[active] : undefined;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const choose = (href: string) => {
    setExpanded(false);
    setActive(-1);
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setExpanded(true);
          setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
          return;
        }
        setActive(nextActiveIndex(active, options.length, event.key));
        return;
      }
      case 'Escape':
        // With the list closed, Esc goes on to the header (which closes the phone's search bar).
        if (open) {
          event.preventDefault();
          setExpanded(false);
          setActive(-1);
        }
        return;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          choose(activeOption.href);
        }
        return;
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed) choose(`/products?${new URLSearchParams({ q: typed })}`);
  };

  return (
    <form
      role="search"
      action="/products"
      onSubmit={submit}
      className="search-box"
      data-open={barOpen || undefined}
    >
      <SearchIcon className="search-box-icon" />
      <input
        ref={input}
        name="q"
        type="search"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search products"
        maxLength={200}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setExpanded(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setExpanded(false);
          setActive(-1);
        }}
        onClick={() => setExpanded(true)}
        className={fieldClassName}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70dvh] overflow-y-auto rounded-md border border-stone-200 bg-white py-1 shadow-lg lg:left-auto lg:w-[28rem]"
      >
        {open &&
          options.map((option, index) => (
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              aria-label={optionLabel(option)}
              // Keep focus in the input; the click chooses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option.href)}
              onMouseMove={() => index !== active && setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-stone-800',
                index === active && 'bg-brand-50 text-brand-900',
                option.kind === 'search' && 'border-t border-stone-100 font-medium text-brand-700',
              )}
            >
              <OptionContent option={option} />
            </li>
          ))}
      </ul>
      <p role="status" className="sr-only">
        {open ? `${options.length - 1} suggestions` : ''}
      </p>
    </form>
  );
}

function OptionContent({ option }: { option: SuggestionOption }) {
  switch (option.kind) {
    case 'product':
      return (
        <>
          <img
            src={option.imgUrl || '/media/fallback/product.svg'}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 shrink-0 rounded object-cover ring-1 ring-stone-200"
          />
          <span className="min-w-0 flex-1 truncate">{option.title}</span>
          <span className="shrink-0 text-xs font-semibold text-brand-800">{option.price}</span>
        </>
      );
    case 'category':
      return (
        <>
          <span className="flex size-10 shrink-0 items-center justify-center rounded bg-brand-50 text-brand-700">
            <Tag aria-hidden="true" className="size-4" />
          </span>
          <span className="min-w-0 flex-1 truncate">
            {option.title}
            {option.within && <span className="text-stone-500"> in {option.within}</span>}
          </span>
          <span className="shrink-0 text-xs text-stone-500">{option.count}</span>
        </>
      );
    case 'search':
      return (
        <>
          <SearchIcon className="mx-3 size-4 shrink-0" />
          <span className="min-w-0 flex-1 truncate">{option.title}</span>
        </>
      );
  }
}
