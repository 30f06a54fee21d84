import { BaseModel } from './BaseModel.ts';
import { User } from './User.ts';

/** A signed-in browser. The id is a keyed hash of the cookie token. */
export class Session extends BaseModel {
  static override tableName = 'sessions';

  declare id: string;
  declare userId: number;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare expiresAt: Date;
  declare userAgent: string | null;
  declare ip: string | null;
  declare user?: User;

  static override relationMappings = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'sessions.userId', to: 'users.id' },
    },
  });
}
