import type { FileRowValues } from '../../../components/file-rows';

export type CwcFormValues = {
  centerId: string;
  cwccaseno: string;
  transfer_date: string;
  comment: string;
  documents: FileRowValues[];
};
