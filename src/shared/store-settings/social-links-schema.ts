/**
 * Zod schemas of the shop's social links (rules in social-links.ts): the admin form's fields (blank = not set)
 * and the catalogue file's `store.socialLinks` object (a blank or absent network = not set).
 */
import { z } from 'zod';
import {
  isSocialLink,
  SOCIAL_NETWORKS,
  socialLinkMessage,
  type SocialLinks,
  type SocialNetwork,
} from './social-links';

/** The longest link accepted, in characters. */
export const SOCIAL_LINK_MAX_LENGTH = 500;

const linkField = (network: SocialNetwork) =>
  z
    .string()
    .trim()
    .max(SOCIAL_LINK_MAX_LENGTH, `must be at most ${SOCIAL_LINK_MAX_LENGTH} characters`)
    .refine((url) => url === '' || isSocialLink(network, url), { message: socialLinkMessage(network) });

const byNetwork = <T extends z.ZodType>(field: (network: SocialNetwork) => T) =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, field(network)])) as Record<SocialNetwork, T>;

/** The admin form: every network's link as typed, `''` = not set. */
export const socialLinksFormSchema = z.object(byNetwork(linkField));
export type SocialLinksForm = z.infer<typeof socialLinksFormSchema>;

/** The stored shape (`GET /storeInfo`, the settings read): only the networks that have a link. */
export const socialLinksSchema = z.object(byNetwork(() => z.string().optional()));

/** The catalogue file's `store.socialLinks`: each link checked for its network; a blank link is dropped. */
export const importSocialLinksSchema = z
  .object(byNetwork((network) => linkField(network).optional()))
  .transform((links): SocialLinks =>
    Object.fromEntries(Object.entries(links).filter(([, url]) => url !== undefined && url !== '')),
  );
