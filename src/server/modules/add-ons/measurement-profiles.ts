/**
 * A signed-in shopper's measurement profiles (docs/add-ons.md "Profiles"): list, create, update, delete, every
 * query scoped to the store and the account. Measurements are checked against their set's ranges
 * (src/shared/add-ons/measurement-sets.ts) and stored in inches.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { checkMeasurements } from '@shared/add-ons/measurement-sets';
import {
  MAX_MEASUREMENT_PROFILES,
  TOO_MANY_PROFILES,
  type MeasurementProfile,
  type MeasurementProfileBody,
} from '@shared/add-ons/measurement-profile-schemas';
import type { Db } from '../../db/database';
import { measurementProfiles } from '../../db/schema/add-on-tables';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';

/** The 404 message of a profile that is not the account's. */
export const PROFILE_NOT_FOUND = 'Measurement profile not found';

/** Whose profiles: the store and the account. */
export type ProfileOwner = { storeId: number; userId: number };

type ProfileRow = typeof measurementProfiles.$inferSelect;

function toProfile(row: ProfileRow): MeasurementProfile {
  return {
    id: row.id,
    name: row.name,
    set: row.measurementSet,
    measurements: row.measurements,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's profiles, oldest first. */
export async function listProfiles(db: Db, owner: ProfileOwner): Promise<MeasurementProfile[]> {
  const rows = await db
    .select()
    .from(measurementProfiles)
    .where(and(eq(measurementProfiles.storeId, owner.storeId), eq(measurementProfiles.userId, owner.userId)))
    .orderBy(asc(measurementProfiles.id));
  return rows.map(toProfile);
}

/** The account's profile `id`, or null (another account's or store's profile is not found). */
export async function findProfile(
  db: Db,
  owner: ProfileOwner,
  id: number,
): Promise<MeasurementProfile | null> {
  const [row] = await db
    .select()
    .from(measurementProfiles)
    .where(
      and(
        eq(measurementProfiles.storeId, owner.storeId),
        eq(measurementProfiles.userId, owner.userId),
        eq(measurementProfiles.id, id),
      ),
    );
  return row ? toProfile(row) : null;
}

/**
 * The body's measurements in inches.
 * @throws {ValidationError} `measurements.values.<key>`: 'Bust must be between 26 and 56 inches', 'Bust is
 *   required', 'is not a blouse measurement'.
 */
function checkedInches(body: MeasurementProfileBody) {
  const checked = checkMeasurements(body.set, body.measurements.unit, body.measurements.values);
  if (!checked.ok) {
    throw new ValidationError(
      Object.fromEntries(
        Object.entries(checked.problems).map(([key, message]) => [`measurements.values.${key}`, message]),
      ),
    );
  }
  return checked.inches;
}

/**
 * Saves a new profile.
 * @throws {ValidationError} for measurements out of range (see {@link checkedInches}).
 * @throws {ConflictError} {@link TOO_MANY_PROFILES} when the account keeps {@link MAX_MEASUREMENT_PROFILES}.
 */
export async function createProfile(
  db: Db,
  owner: ProfileOwner,
  body: MeasurementProfileBody,
): Promise<MeasurementProfile> {
  const inches = checkedInches(body);
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ total: count() })
      .from(measurementProfiles)
      .where(
        and(eq(measurementProfiles.storeId, owner.storeId), eq(measurementProfiles.userId, owner.userId)),
      );
    if ((held?.total ?? 0) >= MAX_MEASUREMENT_PROFILES) throw new ConflictError(TOO_MANY_PROFILES);
    const [row] = await tx
      .insert(measurementProfiles)
      .values({ ...owner, name: body.name, measurementSet: body.set, measurements: inches })
      .returning();
    return toProfile(row!);
  });
}

/**
 * Replaces profile `id` of the account.
 * @throws {ValidationError} for measurements out of range. @throws {NotFoundError} {@link PROFILE_NOT_FOUND}.
 */
export async function updateProfile(
  db: Db,
  owner: ProfileOwner,
  id: number,
  body: MeasurementProfileBody,
): Promise<MeasurementProfile> {
  const inches = checkedInches(body);
  const [row] = await db
    .update(measurementProfiles)
    .set({ name: body.name, measurementSet: body.set, measurements: inches, updatedAt: new Date() })
    .where(
      and(
        eq(measurementProfiles.storeId, owner.storeId),
        eq(measurementProfiles.userId, owner.userId),
        eq(measurementProfiles.id, id),
      ),
    )
    .returning();
  if (!row) throw new NotFoundError(PROFILE_NOT_FOUND);
  return toProfile(row);
}

/** Deletes profile `id` of the account. @throws {NotFoundError} {@link PROFILE_NOT_FOUND}. */
export async function deleteProfile(db: Db, owner: ProfileOwner, id: number): Promise<void> {
  const deleted = await db
    .delete(measurementProfiles)
    .where(
      and(
        eq(measurementProfiles.storeId, owner.storeId),
        eq(measurementProfiles.userId, owner.userId),
        eq(measurementProfiles.id, id),
      ),
    )
    .returning({ id: measurementProfiles.id });
  if (deleted.length === 0) throw new NotFoundError(PROFILE_NOT_FOUND);
}
