/**
 * A timestamp for people, in the en-IN style the storefront writes dates and times in: `value` (an ISO 8601
 * string from the API) formatted by `Intl.DateTimeFormat('en-IN', options)`, or '' when it is missing or not a
 * date. The caller's `options` choose the parts and the time zone (the browser's when unset).
 */
export function formatTimestamp(
  value: string | null | undefined,
  options: Intl.DateTimeFormatOptions,
): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-IN', options).format(date);
}
