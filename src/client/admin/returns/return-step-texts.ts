/**
 * The returns screen's words (docs/admin.md "Returns", docs/returns.md): the tabs, the step buttons, their
 * confirmations and what each step does, the toasts after them, and RTO on the order page. Exact: the browser
 * test reads them.
 */
import type { ReturnQueueTab } from '@shared/returns/return-rules';

export const RETURN_TAB_LABELS: Record<ReturnQueueTab, string> = {
  requested: 'Requested',
  approved: 'Approved',
  received: 'Received',
  closed: 'Closed',
};

/** What each tab says when it has no returns. */
export const EMPTY_TAB: Record<ReturnQueueTab, string> = {
  requested: 'No return requests waiting.',
  approved: 'No approved returns on their way back.',
  received: 'No received returns to finish.',
  closed: 'No closed or rejected returns yet.',
};

export const APPROVE = 'Approve';
export const approveQuestion = (number: string) => `Approve return ${number}?`;
export const APPROVE_EFFECT =
  'The shopper is e-mailed with your pickup note. A size wanted in exchange is set aside from stock now.';
export const PICKUP_NOTE_LABEL = 'Pickup note or reverse tracking number (optional)';

export const REJECT = 'Reject';
export const rejectQuestion = (number: string) => `Reject return ${number}?`;
export const REJECT_EFFECT = 'The shopper is e-mailed your reason and reads it on their order.';
export const REJECT_REASON_LABEL = 'Reason for the shopper';

export const RECEIVE = 'Receive';
export const receiveQuestion = (number: string) => `Receive return ${number}?`;
export const RECEIVE_EFFECT =
  'Say what became of each item: restocked items go back on sale, written-off items do not. The shopper is e-mailed.';
export const RESTOCK = 'Restock';
export const WRITE_OFF = 'Write off';

export const SHIP_REPLACEMENT = 'Ship replacement';
export const shipReplacementQuestion = (number: string) => `Ship the replacement of return ${number}?`;
export const SHIP_REPLACEMENT_EFFECT =
  'It ships from the size set aside at approval, at no charge. The shopper is e-mailed the tracking number.';

export const CLOSE = 'Close';
export const closeQuestion = (number: string) => `Close return ${number}?`;
export const CLOSE_EFFECT = 'Nothing more happens to this return. Refund it first if money is owed.';

export const KEEP = 'Not now';

/** The toast after each step. */
export const STEP_DONE = {
  approve: 'Return approved: the shopper was e-mailed',
  reject: 'Return rejected: the shopper was e-mailed your reason',
  receive: 'Return received: stock updated',
  'ship-replacement': 'Replacement shipped: the shopper was e-mailed the tracking number',
  close: 'Return closed',
} as const;

export const RETURNED_TO_ORIGIN = 'Returned to origin';
export const rtoQuestion = (orderNumber: string) => `Mark order ${orderNumber} returned to origin?`;
export const RTO_EFFECT =
  'Do this when the courier brought the parcel back (refused or undeliverable). The order is cancelled, its stock goes back on sale and a credit note is issued; a prepaid order is marked refund due, a cash-on-delivery order owes nothing.';
export const RTO_DONE = 'Marked returned to origin: the stock is back on sale';
export const KEEP_ORDER_SHIPPED = 'Keep shipped';
