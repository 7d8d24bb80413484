import { ItemType } from '@contract/enums';
import { mediaUrl, type Handlers } from './context';

export const contentActions: Handlers<'get_slides' | 'get_banners' | 'get_all_folders'> = {
  async get_slides({ repos }) {
    const rows = await repos.content.slides();
    return rows.map((row) => ({ id: row.id, title: row.title, title_en: row.titleEn, picture: `/media/${row.pictureMediaId}`, link: row.link }));
  },
  async get_banners({ repos }) {
    const rows = await repos.content.banners();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      title_en: row.titleEn,
      picture: `/media/${row.pictureMediaId}`,
      link: row.link,
      position: row.position,
    }));
  },
  async get_all_folders({ repos }) {
    const rows = await repos.catalog.folders();
    return rows.map((row) => ({
      item_id: row.id,
      folder_id: row.folderId,
      type: ItemType.folder,
      name: row.name,
      name_en: row.nameEn,
      picture: mediaUrl(row.pictureMediaId),
      picture_id: row.pictureMediaId,
      bg_color: row.bgColor,
      sort: row.sort,
    }));
  },
};
