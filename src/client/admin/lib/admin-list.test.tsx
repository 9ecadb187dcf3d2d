// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom } from '@client/lib/api-client';
import { AdminList, type AdminListProps } from './admin-list';

// React's act() flushes the renders and clicks of these tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Row = { id: number; name: string };
const ROWS: Row[] = [
  { id: 1, name: 'Asha Verma' },
  { id: 2, name: 'Ravi Iyer' },
];

const props = (changes: Partial<AdminListProps<Row>> = {}): AdminListProps<Row> => ({
  label: 'Customers',
  rows: ROWS,
  rowKey: (row) => row.id,
  renderRow: (row) => <span>{row.name}</span>,
  empty: 'No customers match.',
  ...changes,
});

/** The list rendered into a real document, for the pager's buttons. */
function mount(listProps: AdminListProps<Row>) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<AdminList {...listProps} />));
  return { host, unmount: () => act(() => root.unmount()) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('AdminList', () => {
  it('shows the filters, then the rows in a named list, and no pager while everything fits on page 1', () => {
    const html = renderToStaticMarkup(
      <AdminList
        {...props({ filters: <form role="search" />, paging: { page: 1, hasMore: false, onPage: () => {} } })}
      />,
    );
    expect(html).toBe(
      '<form role="search"></form><ul class="flex flex-col gap-2" aria-label="Customers" aria-busy="false">' +
        '<li><span>Asha Verma</span></li><li><span>Ravi Iyer</span></li></ul>',
    );
  });

  it('says the empty text for an answer without rows, and nothing while the first answer is on its way', () => {
    expect(renderToStaticMarkup(<AdminList {...props({ rows: [] })} />)).toContain(
      '<p class="py-8 text-center text-stone-600">No customers match.</p>',
    );
    expect(renderToStaticMarkup(<AdminList {...props({ rows: undefined })} />)).not.toContain(
      'No customers match.',
    );
  });

  it("shows a failed load in an alert with the server's sentence, or the no-response text", () => {
    const refused = renderToStaticMarkup(
      <AdminList
        {...props({ rows: undefined, error: apiErrorFrom(403, { error: 'Only the shop owner' }) })}
      />,
    );
    expect(refused).toContain('<div role="alert" class="alert alert-destructive">Only the shop owner</div>');
    const offline = renderToStaticMarkup(
      <AdminList {...props({ error: new ApiError('No response from server', 0) })} />,
    );
    expect(offline).toContain('No response from server. Please try again later.');
  });

  it('pages with Previous and Next: Previous is off on page 1, Next while the server has no next page', () => {
    const asked: number[] = [];
    const first = mount(props({ paging: { page: 1, hasMore: true, onPage: (page) => asked.push(page) } }));
    const buttons = () =>
      [...first.host.querySelectorAll('nav[aria-label="Pages"] button')] as HTMLButtonElement[];
    expect(buttons().map((button) => [button.textContent, button.disabled])).toEqual([
      ['Previous', true],
      ['Next', false],
    ]);
    expect(first.host.querySelector('nav span')?.textContent).toBe('Page 1');
    act(() => buttons()[1]!.click());
    expect(asked).toEqual([2]);
    first.unmount();

    const last = mount(props({ paging: { page: 3, hasMore: false, onPage: (page) => asked.push(page) } }));
    const lastButtons = [...last.host.querySelectorAll('button')] as HTMLButtonElement[];
    expect(lastButtons.map((button) => button.disabled)).toEqual([false, true]);
    act(() => lastButtons[0]!.click());
    expect(asked).toEqual([2, 2]);
    last.unmount();
  });
});
