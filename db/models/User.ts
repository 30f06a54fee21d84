import type { QueryBuilder } from 'objection';
import { BaseModel } from './BaseModel.ts';

/** A registered collector (spec §3 User). */
export class User extends BaseModel {
  static override tableName = 'users';

  declare id: number;
  declare email: string;
  declare passwordHash: string;
  declare firstName: string;
  declare lastName: string;
  declare isPro: boolean;
  declare isGrandfathered: boolean;
  declare isAdmin: boolean;
  declare trialStartedAt: Date | null;
  declare trialEndDate: Date | null;
  /** Bumped by every gallery write; keys the cached GET /api/cards answer. */
  declare galleryVersion: number;
  declare createdAt: Date;
  declare updatedAt: Date;

  static override modifiers = {
    /** Users whose email matches, case-insensitively. */
    byEmail(query: QueryBuilder<User>, email: string) {
      void query.where('email', email.trim().toLowerCase());
    },
  };
}
