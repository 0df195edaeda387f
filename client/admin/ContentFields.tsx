import { useActionData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LinkTarget } from '../../shared/api/staff-content';
import type { AdminActionData } from '../../shared/admin/screens';
import { BLOCK_TYPES, fieldName, isBlockList, isImage, isLink, isWordList, type Path, type SeedImage } from '../../shared/admin/content-form';
import type { MediaItem } from '../../shared/api/staff-media';
import { LOCALES, type Locale } from '../../shared/locales';
import { Checkbox, Select, TextArea, TextField } from './AdminForm';
import { PhotoThumbnail } from './PhotoThumbnail';
import { useShell } from './use-shell';

/**
 * The fields of an entity in the seed's format (shared/admin/content-form.ts names them and reads
 * them back): texts, lists of words as lines, rich-text blocks one fieldset each with blocks to add,
 * links through the link picker (the route table and the content's own pages) or a typed address.
 */

/** Texts longer than a line, by their field's name. */
const LONG = new Set(['text', 'summary', 'description', 'excerpt', 'message']);

type Props = { value: unknown; path: Path; targets: Record<Locale, LinkTarget[]>; media: readonly MediaItem[] };

function useLabel() {
  const { t } = useTranslation();
  return (key: string | number | undefined) => (typeof key === 'number' ? String(key + 1) : t(`content.fields.${key}`, { defaultValue: key ?? '' }));
}

/** The locale a field belongs to: its path's first step, or Slovenian for the fields every language shares. */
const localeOf = (path: Path): Locale => ((LOCALES as readonly unknown[]).includes(path[0]) ? (path[0] as Locale) : 'sl');

export function ContentFields({ value, path, targets, media }: Props) {
  const { t } = useTranslation();
  const label = useLabel();
  const key = path.at(-1);
  const name = fieldName(path);
  if (typeof value === 'string') {
    return LONG.has(String(key)) || value.length > 80 ? (
      <TextArea name={name} label={label(key)} defaultValue={value} />
    ) : (
      <TextField name={name} label={label(key)} defaultValue={value} />
    );
  }
  if (typeof value === 'number') return <TextField name={name} label={label(key)} defaultValue={String(value)} inputMode="numeric" />;
  if (typeof value === 'boolean') return <Checkbox name={name} label={label(key)} defaultChecked={value} />;
  if (value === null || value === undefined) return null;
  if (isImage(value)) return <ImagePicker value={value} name={name} label={label(key)} media={media} />;
  if (isWordList(value, key)) return <TextArea name={`${name}.__lines`} label={label(key)} hint={t('content.lines')} defaultValue={value.join('\n')} />;
  if (isLink(value)) {
    const choices = targets[localeOf(path)];
    const current = 'route' in value ? JSON.stringify(value) : '';
    const options = choices.map((choice) => ({ value: JSON.stringify(choice.link), label: choice.label }));
    if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: current });
    return (
      <fieldset className="admin-content-link">
        <legend>{label(key)}</legend>
        <Select name={`${name}.__link`} label={t('content.link')} options={options} defaultValue={current} />
        <TextField name={`${name}.__url`} label={t('content.url')} defaultValue={'url' in value ? value.url : ''} />
      </fieldset>
    );
  }
  if (Array.isArray(value)) {
    const blocks = isBlockList(value, key);
    return (
      <fieldset className="admin-content-group">
        <legend>{label(key)}</legend>
        {value.map((item, i) => (
          <fieldset key={i} className="admin-content-item">
            <legend>{blocks ? t(`content.blocks.${(item as { type: string }).type}`) : label(i)}</legend>
            {blocks ? <input type="hidden" name={fieldName([...path, i, 'type'])} value={(item as { type: string }).type} /> : null}
            <ObjectFields value={item} path={[...path, i]} targets={targets} media={media} />
            <Checkbox name={`${fieldName([...path, i])}.__remove`} label={t('content.remove')} />
          </fieldset>
        ))}
        {blocks ? (
          <p className="admin-content-add">
            {t('content.addBlock')}{' '}
            {BLOCK_TYPES.map((type) => (
              <button key={type} type="submit" name="addBlock" value={`${name}|${type}`} className="admin-link-button">
                {t(`content.blocks.${type}`)}
              </button>
            ))}
          </p>
        ) : null}
      </fieldset>
    );
  }
  return (
    <fieldset className="admin-content-group">
      <legend>{label(key)}</legend>
      <ObjectFields value={value} path={path} targets={targets} media={media} />
    </fieldset>
  );
}

/** An object's fields, but its block type (fixed) and its key (the entity's name in the address). */
export function ObjectFields({ value, path, targets, media }: Props) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return <ContentFields value={value} path={path} targets={targets} media={media} />;
  return (
    <>
      {Object.entries(value)
        .filter(([k]) => k !== 'type' && !(path.length === 0 && (k === 'key' || (LOCALES as readonly string[]).includes(k))))
        .map(([k, v]) => (
          <ContentFields key={k} value={v} path={[...path, k]} targets={targets} media={media} />
        ))}
    </>
  );
}

/**
 * An image: one of the editors' photos picked from the media list (its alt texts then fill this
 * place's in each language), or the one it has kept.
 */
function ImagePicker({ value, name, label, media }: { value: SeedImage; name: string; label: string; media: readonly MediaItem[] }) {
  const { t } = useTranslation();
  const { locale } = useShell();
  const current = media.find((item) => item.src === value.src);
  const asValue = (image: SeedImage) => JSON.stringify({ src: image.src, width: image.width, height: image.height });
  const options = [
    ...(current ? [] : [{ value: '', label: t('content.imageKept', { src: value.src }) }]),
    ...media.map((item) => ({ value: asValue(item), label: `${item.alt[locale]} (${item.name})` })),
  ];
  return (
    <fieldset className="admin-content-link admin-image-picker">
      <legend>{label}</legend>
      <PhotoThumbnail image={current ?? value} alt="" />
      <Select
        name={`${name}.__media`}
        label={t('content.imagePick')}
        hint={t('content.imagePickHint')}
        options={options}
        defaultValue={current ? asValue(current) : ''}
      />
    </fieldset>
  );
}

/** Why the content API refused a form's post: the import's lines (or, `translate`, message keys). */
export function Problems({ form, translate = false }: { form: string; translate?: boolean }) {
  const { t } = useTranslation();
  const answer = useActionData() as AdminActionData | undefined;
  if (!answer?.problems?.length || (answer.form ?? form) !== form) return null;
  return (
    <div className="admin-message admin-message--error" role="alert">
      {translate ? null : <p>{t('content.problems')}</p>}
      <ul>
        {answer.problems.map((problem) => (
          <li key={problem}>{translate ? t(problem) : problem}</li>
        ))}
      </ul>
    </div>
  );
}
