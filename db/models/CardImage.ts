import { BaseModel } from './BaseModel.ts';

/** A stored card photo: the original (EXIF stripped) plus its sized variants in the image store. */
export class CardImage extends BaseModel {
  static override tableName = 'card_images';

  declare id: string;
  declare userId: number;
  declare mime: string;
  declare width: number;
  declare height: number;
  declare bytes: number;
  declare createdAt: Date;
}
