/** Category names as shown in the header, the footer and the listing headings: the shared rule. */
export { capitaliseWords } from '@shared/text/capitalise-words';
