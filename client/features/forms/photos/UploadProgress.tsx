import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { percentOf, uploadProgress } from '../../../runtime/upload-progress';

/** How much of a post with photos has gone up; shown while it uploads. */
export function UploadProgress({ form }: { form: string }) {
  const { t } = useTranslation();
  const progress = useSyncExternalStore(uploadProgress.subscribe, uploadProgress.get, () => null);
  if (!progress) return null;
  const percent = percentOf(progress);
  const label = `${form}-upload-label`;
  return (
    <div className="upload-progress">
      <span id={label}>{t('form.photos.uploading', { percent })}</span>
      <progress max={100} value={percent} aria-labelledby={label} />
    </div>
  );
}
