export { Notice, NOTICE_VARIANTS, type NoticeProps, type NoticeVariant } from './Notice';
