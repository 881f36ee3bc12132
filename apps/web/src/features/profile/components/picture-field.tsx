import { AVATAR_MAX_BYTES } from '@staff-admin/shared';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ActionMenu, type MenuItem } from '../../../components/ui/action-menu.js';
import { Avatar } from '../../../components/ui/avatar.js';
import { CameraIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import {
  PICTURE_ACCEPT,
  pictureProblem,
  readAsDataUrl,
  type ProfileImage,
} from '../utils/picture.js';

interface PictureFieldProps {
  /** Whose picture: the avatar's initial and colour come from it. */
  name: string;
  value: ProfileImage | null;
  onChange: (image: ProfileImage | null) => void;
  /** Upload progress in percent while the picture is being uploaded, else null. */
  progress: number | null;
  disabled?: boolean;
}

const MAX_MEGABYTES = AVATAR_MAX_BYTES / (1024 * 1024);

/**
 * The avatar with its menu: Upload picture (a file is checked, then previewed; it is uploaded
 * when the form is saved) and Delete picture when there is one.
 */
export function PictureField({ name, value, onChange, progress, disabled }: PictureFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  const items: MenuItem[] = [
    {
      id: 'upload',
      label: 'Upload picture',
      icon: <UploadIcon />,
      onClick: () => inputRef.current?.click(),
    },
    {
      id: 'delete',
      label: 'Delete picture',
      icon: <Trash2Icon />,
      onClick: () => {
        setProblem(null);
        onChange(null);
      },
      showAction: value !== null,
    },
  ];

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again is a change too.
    input.value = '';
    if (!file) return;
    const found = pictureProblem(file);
    setProblem(found);
    if (found) return;
    try {
      onChange({ name: file.name, url: await readAsDataUrl(file), file });
    } catch {
      setProblem(`${file.name} could not be read. Choose another file.`);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-5">
      <ActionMenu items={items} align="start">
        <button
          type="button"
          aria-label="Change picture"
          aria-describedby={hintId}
          disabled={disabled}
          className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed"
        >
          <Avatar name={name} avatarUrl={value?.url} size="extraLarge" />
          <span className="absolute -right-1 -bottom-1 inline-flex size-7 items-center justify-center rounded-full border-2 border-white bg-slate-900 text-sm text-white group-hover:bg-blue-700">
            <CameraIcon />
          </span>
        </button>
      </ActionMenu>
      <input
        ref={inputRef}
        type="file"
        accept={PICTURE_ACCEPT}
        aria-label="Picture file"
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => void onFileChosen(event)}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <p id={hintId} className="text-slate-600">
          PNG or JPG up to {MAX_MEGABYTES} MB. A square picture (1:1 ratio) is advised.
        </p>
        {value?.file && progress === null && (
          <p className="text-slate-700">
            {value.name} will be uploaded when you save your changes.
          </p>
        )}
        {problem && (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        )}
        {progress !== null && (
          <div className="flex items-center gap-3">
            <div
              role="progressbar"
              aria-label="Uploading picture"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-40 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-blue-700 transition-[width]"
                style={{ width: `${progress}%` }}
              />
            </div>
            <span className="text-slate-700">{progress}%</span>
          </div>
        )}
      </div>
    </div>
  );
}
