import type { TColumnMapping } from '../../core/csv/layouts/mapped.ts';
import { BaseModel } from './BaseModel.ts';

/** A collector's column mapping for files with one header (docs/choices.md 40: remembered per header). */
export class ImportMapping extends BaseModel {
  static override tableName = 'import_mappings';
  static override idColumn = ['userId', 'headerKey'];
  static override jsonAttributes = ['mapping'];

  declare userId: number;
  declare headerKey: string;
  declare mapping: TColumnMapping;
  declare updatedAt: Date;
}
