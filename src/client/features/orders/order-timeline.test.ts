import { describe, expect, it } from 'vitest';
import { formatStepTime, orderTimeline } from './order-timeline';

describe('orderTimeline', () => {
  it('labels the first step Placed and the others by status, with the time in the given zone', () => {
    expect(
      orderTimeline(
        [
          { status: 0, at: '2026-11-21T08:50:00.000Z' },
          { status: 1, at: '2026-11-21T09:05:00.000Z' },
          { status: 2, at: '2026-11-22T18:40:00.000Z' },
          { status: 3, at: '2026-11-25T05:00:00.000Z' },
        ],
        'Asia/Kolkata',
      ),
    ).toEqual([
      { label: 'Placed', at: '2026-11-21T08:50:00.000Z', when: '21 Nov 2026, 14:20' },
      { label: 'Processing', at: '2026-11-21T09:05:00.000Z', when: '21 Nov 2026, 14:35' },
      { label: 'Shipped', at: '2026-11-22T18:40:00.000Z', when: '23 Nov 2026, 00:10' },
      { label: 'Delivered', at: '2026-11-25T05:00:00.000Z', when: '25 Nov 2026, 10:30' },
    ]);
  });

  it('keeps Placed for an order that started in another status, and drops times that are not dates', () => {
    expect(
      orderTimeline(
        [
          { status: 1, at: '2026-11-21T08:50:00.000Z' },
          { status: 4, at: 'yesterday' },
        ],
        'Asia/Kolkata',
      ).map((step) => step.label),
    ).toEqual(['Placed']);
    expect(orderTimeline(undefined)).toEqual([]);
    expect(formatStepTime('not a time')).toBe('');
  });
});
