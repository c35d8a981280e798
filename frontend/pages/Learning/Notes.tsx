import { Link, useForm, usePage } from "@inertiajs/react";
import { useEffect, useRef, useState } from "react";

import Button from "@/components/ui/Button";
import Card from "@/components/ui/Card";
import ConfirmDialog from "@/components/ui/ConfirmDialog";
import EmptyState from "@/components/ui/EmptyState";
import MessageDialog from "@/components/ui/MessageDialog";
import Pagination from "@/components/ui/Pagination";
import Select from "@/components/ui/Select";
import TextArea from "@/components/ui/TextArea";
import PageHeading from "@/components/learning/PageHeading";
import { useFormFields } from "@/hooks/useFormFields";
import { useButtonPost, useFormSubmit } from "@/hooks/useFormSubmit";
import { useT } from "@/i18n";
import { formatDateTime } from "@/lib/format";
import { routes } from "@/routes";
import type { FieldRule, NoteItem, NotesProps, PageProps } from "@/types/generated";

/** "12 z 5000 znaków" under a note's text, when the text has a limit. */
function useLengthHint(text: string, rule: FieldRule | undefined): string | null {
  const t = useT();
  if (rule?.max_length === undefined) return null;
  return t("notes.length", { count: text.length, max: rule.max_length });
}

function NewNote({ page }: { page: NotesProps }) {
  const t = useT();
  const form = useForm({
    course: page.selected_course !== null ? String(page.selected_course) : "",
    text: "",
  });
  const fields = useFormFields(form, page.rules);
  // The note is saved on this page: the form empties for the next one.
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, page.create_url, {
    fields,
    onStay: () => form.reset("text"),
  });
  const hint = useLengthHint(form.data.text, page.rules.text);

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 className="text-lg font-bold">{t("notes.new")}</h2>
        <Select id="note-course" label={t("notes.course")} {...fields.field("course")} required>
          <option value="">{t("notes.choose_course")}</option>
          {page.courses.map((course) => (
            <option key={course.id} value={String(course.id)}>
              {course.title}
            </option>
          ))}
        </Select>
        <TextArea
          id="note-text"
          label={t("notes.text")}
          rows={4}
          {...fields.field("text")}
          hint={hint}
          required
        />
        <Button type="submit" disabled={disabled}>
          {t("notes.save")}
        </Button>
      </form>
      <MessageDialog message={failure} onClose={clearFailure} />
    </Card>
  );
}

function Note({
  note,
  rules,
  editError,
  onDelete,
  deleting,
}: {
  note: NoteItem;
  rules: Record<string, FieldRule>;
  editError: string | undefined;
  onDelete: () => void;
  // A deletion is being sent (one at a time).
  deleting: boolean;
}) {
  const t = useT();
  const locale = usePage().props.locale;
  const [editing, setEditing] = useState(false);
  // Back from editing (saved or cancelled), the focus returns to the button that started it.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus({ preventScroll: true });
    wasEditing.current = editing;
  }, [editing]);
  const form = useForm({ text: note.text });
  // The server files the edit's message under its own key (beside the new note's "text").
  const fields = useFormFields(form, rules, { text: editError });
  const { submit, disabled, failure, clearFailure } = useFormSubmit(form, note.update_url, {
    fields,
    onStay: () => setEditing(false),
  });

  return (
    <Card as="li">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link href={note.course.url} className="font-semibold text-blue-800 underline">
          {note.course.title}
        </Link>
        <p className="text-sm text-slate-600">
          {t("notes.updated", { date: formatDateTime(note.updated_at, locale) })}
        </p>
      </div>
      {editing ? (
        <form onSubmit={submit} noValidate className="mt-3 space-y-3">
          <TextArea
            id={`note-edit-${note.id}`}
            label={t("notes.text")}
            rows={4}
            {...fields.field("text")}
            autoFocus
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={disabled}>
              {t("notes.save_changes")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                form.reset();
                setEditing(false);
              }}
            >
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-3 whitespace-pre-line break-words text-slate-800">{note.text}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button ref={editButton} variant="secondary" onClick={() => setEditing(true)}>
              {t("notes.edit")}
            </Button>
            <Button variant="ghost" disabled={deleting} onClick={onDelete}>
              {t("notes.delete")}
            </Button>
          </div>
        </>
      )}
      <MessageDialog message={failure} onClose={clearFailure} />
    </Card>
  );
}

export default function Notes(page: PageProps<"Learning/Notes">) {
  const t = useT();
  const errors = usePage().props.errors;
  const [deleting, setDeleting] = useState<NoteItem | null>(null);
  const deletion = useButtonPost();

  return (
    <>
      <PageHeading title={t("menu.notes")} intro={t("notes.intro")} />
      <div className="mt-6">
        <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
          {page.courses.length > 0 ? (
            <NewNote page={page} />
          ) : (
            <EmptyState
              title={t("notes.no_courses_title")}
              text={t("notes.no_courses_text")}
              action={{ href: routes.vouchers.redeem(), label: t("courses.redeem") }}
            />
          )}
          <section aria-labelledby="notes-heading">
            <h2 id="notes-heading" className="mb-4 text-xl font-bold">
              {t("notes.yours", { count: page.pagination.total })}
            </h2>
            {page.notes.length === 0 ? (
              <p className="text-slate-700">{t("notes.empty")}</p>
            ) : (
              <ul className="space-y-4">
                {page.notes.map((note) => (
                  <Note
                    key={note.id}
                    note={note}
                    rules={page.rules}
                    editError={errors.edit_text}
                    onDelete={() => setDeleting(note)}
                    deleting={deletion.disabled}
                  />
                ))}
              </ul>
            )}
            <Pagination pagination={page.pagination} />
          </section>
        </div>
        <ConfirmDialog
          item={deleting}
          title={t("notes.delete_title")}
          confirmLabel={t("notes.delete")}
          onConfirm={(note) => deletion.post(note.delete_url)}
          onClose={() => setDeleting(null)}
        >
          {t("notes.delete_text", { course: deleting?.course.title ?? "" })}
        </ConfirmDialog>
        <MessageDialog message={deletion.failure} onClose={deletion.clearFailure} />
      </div>
    </>
  );
}
