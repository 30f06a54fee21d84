import { BaseModel } from './BaseModel.ts';

/** One price of an operator's price list (docs/choices.md 45): never market data. */
export class PriceListEntry extends BaseModel {
  static override tableName = 'price_list';

  declare id: number;
  declare cardKey: string;
  declare grader: string | null;
  declare grade: number | null;
  declare priceCents: number;
  declare asOf: string;
  declare listName: string;
}
