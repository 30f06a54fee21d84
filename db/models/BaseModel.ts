import { Model } from 'objection';

/** Shared base of every model. Column names map camelCase <-> snake_case on the knex instance. */
export class BaseModel extends Model {}
