import { msg } from '@lingui/core/macro';

/** Manage Import Users (admin-and-board §2, §8). The two upload texts keep the Global_ names the spec gives them. */
export const importLabels = {
  Import_Text_Title: msg({ id: 'Import_Text_Title', message: 'Import users' }),
  Import_Field_Client: msg({ id: 'Import_Field_Client', message: 'Client' }),
  Import_Button_DownloadTemplate: msg({ id: 'Import_Button_DownloadTemplate', message: 'Download template' }),
  Import_Button_Upload: msg({ id: 'Import_Button_Upload', message: 'Upload file' }),
  Import_Error_FileTooLarge: msg({
    id: 'Import_Error_FileTooLarge',
    message: 'File: {fileName} is too large to upload.',
  }),
  Global_Text_UploadUserMessage: msg({
    id: 'Global_Text_UploadUserMessage',
    message: 'Your file has been uploaded and the users are being imported.',
  }),
  Global_Text_UploadUserSuccessMessage: msg({
    id: 'Global_Text_UploadUserSuccessMessage',
    message: 'The users were imported successfully.',
  }),
};
