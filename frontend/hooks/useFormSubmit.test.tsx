import { act, useEffect, type FormEvent } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { testRoot } from "@/lib/testRoot";

import {
  useFormSubmit,
  type PostingForm,
  type Prepared,
  type SubmitOptions,
} from "./useFormSubmit";

vi.mock("@inertiajs/react", () => ({ usePage: () => ({ component: "Learning/Notes" }) }));

type Visit = Parameters<PostingForm["post"]>[1];

/** A stand-in for Inertia's form: it records each post, what it sends and its callbacks. */
class FakeForm implements PostingForm {
  processing = false;
  fields: object = { text: "Notatka" };
  posts: Array<{ url: string; data: object; visit: Visit }> = [];
  private sent: (data: object) => object = (data) => data;
  transform(callback: (data: object) => object) {
    this.sent = callback;
  }
  post(url: string, visit: Visit) {
    this.posts.push({ url, data: this.sent(this.fields), visit });
  }
}

// Every fake form made, so each test's posts can be ended before the next test.
const made: FakeForm[] = [];
function fakeForm(): FakeForm {
  const fake = new FakeForm();
  made.push(fake);
  return fake;
}

const mounted = testRoot();
let form: FakeForm;
let result: ReturnType<typeof useFormSubmit>;

function Harness({
  options,
  report,
}: {
  options: SubmitOptions;
  report: (submitting: ReturnType<typeof useFormSubmit>) => void;
}) {
  report(useFormSubmit(form, "/platforma/notatki", options));
  return null;
}

function render(options: SubmitOptions = {}) {
  act(() =>
    mounted.root.render(<Harness options={options} report={(latest) => (result = latest)} />),
  );
}

function submit() {
  act(() => result.submit({ preventDefault: () => undefined } as FormEvent));
}

/** The answer of the last post, as Inertia calls back, then the end of the visit. */
function answer(callbacks: (visit: Visit) => unknown) {
  const { visit } = form.posts.at(-1)!;
  let returned: unknown;
  act(() => {
    returned = callbacks(visit);
    visit.onFinish();
  });
  return returned;
}

beforeEach(() => {
  // Every form of a page waits while any post is out: a post a test left out ends, as
  // Inertia ends every visit, so the next test starts with none.
  for (const { visit } of made.splice(0).flatMap((fake) => fake.posts)) {
    act(() => visit.onFinish());
  }
  form = fakeForm();
});

describe("useFormSubmit", () => {
  it("posts nothing while the fields are invalid, and shows their messages", () => {
    const fields = { isValid: false, markSubmitted: vi.fn(), markFresh: vi.fn() };
    render({ fields });

    expect(result.disabled).toBe(true);
    submit();

    expect(fields.markSubmitted).toHaveBeenCalled();
    expect(form.posts).toEqual([]);
  });

  it("waits for what the page waits for", () => {
    render({ ready: false });
    submit();
    expect(result.disabled).toBe(true);
    expect(form.posts).toEqual([]);
  });

  it("posts once to its address, keeping the page's scroll and state", () => {
    render();
    submit();

    expect(form.posts).toHaveLength(1);
    expect(form.posts[0]!.url).toBe("/platforma/notatki");
    expect(form.posts[0]!.data).toEqual({ text: "Notatka" });
    expect(form.posts[0]!.visit).toMatchObject({ preserveScroll: true, preserveState: true });
  });

  it("is disabled while the form is being sent", () => {
    form.processing = true;
    render();
    expect(result.disabled).toBe(true);
    submit();
    expect(form.posts).toEqual([]);
  });

  it("stays disabled once accepted, while the browser leaves for another page", () => {
    render();
    submit();
    answer((visit) => visit.onSuccess({ component: "Learning/Course" }));

    expect(result.disabled).toBe(true);
    submit();
    expect(form.posts).toHaveLength(1);
  });

  it("stays disabled when the answer is a page loaded in full", () => {
    render();
    submit();
    answer(() => undefined);

    expect(result.disabled).toBe(true);
  });

  it("is ready again when the same page shows after success", () => {
    const onStay = vi.fn();
    render({ onStay });
    submit();
    answer((visit) => visit.onSuccess({ component: "Learning/Notes" }));

    expect(onStay).toHaveBeenCalled();
    expect(result.disabled).toBe(false);
  });

  it("starts its fields afresh when the same page shows after success", () => {
    const fields = { isValid: true, markSubmitted: vi.fn(), markFresh: vi.fn() };
    render({ fields });
    submit();
    expect(fields.markFresh).not.toHaveBeenCalled();
    answer((visit) => visit.onSuccess({ component: "Learning/Notes" }));

    expect(fields.markFresh).toHaveBeenCalled();
  });

  it("leaves its fields as they are after a refusal", () => {
    const fields = { isValid: true, markSubmitted: vi.fn(), markFresh: vi.fn() };
    render({ fields });
    submit();
    answer((visit) => visit.onError({ text: "Za długa notatka." }));

    expect(fields.markFresh).not.toHaveBeenCalled();
  });

  it("is enabled again after a refusal and gives its message", () => {
    render({ failureFields: ["idempotency_key"] });
    submit();
    answer((visit) => visit.onError({ idempotency_key: "Odśwież stronę" }));

    expect(result.disabled).toBe(false);
    expect(result.failure).toBe("Odśwież stronę");
    act(() => result.clearFailure());
    expect(result.failure).toBeNull();
  });

  it("leaves a refusal of fields to the fields", () => {
    render();
    submit();
    answer((visit) => visit.onError({ text: "Wpisz treść notatki." }));

    expect(result.failure).toBeNull();
    expect(result.disabled).toBe(false);
  });

  it("clears the last refusal when the form is sent again", () => {
    render();
    submit();
    answer((visit) => visit.onError({ form: "Zbyt wiele prób" }));
    submit();

    expect(result.failure).toBeNull();
    expect(form.posts).toHaveLength(2);
  });

  it("leaves a server error to the app's dialog, unless the page shows it itself", () => {
    render();
    submit();
    expect(answer((visit) => visit.onHttpException())).toBeUndefined();
    expect(result.failure).toBeNull();
    expect(result.disabled).toBe(false);

    render({ brokenAsRefusal: true, fallback: "" });
    submit();
    expect(answer((visit) => visit.onNetworkError())).toBe(false);
    expect(result.failure).toBe("");
    expect(result.disabled).toBe(false);
  });

  it("posts a button's values to its own address, and only with that post", () => {
    render();
    act(() => result.post({ url: "/platforma/lekcje/1", data: { done: true } }));
    answer((visit) => visit.onSuccess({ component: "Learning/Notes" }));
    act(() => result.post());

    expect(form.posts.map(({ url, data }) => ({ url, data }))).toEqual([
      { url: "/platforma/lekcje/1", data: { text: "Notatka", done: true } },
      { url: "/platforma/notatki", data: { text: "Notatka" } },
    ]);
  });

  it("posts what is made when the form is sent, disabled while it is awaited", async () => {
    let made: (prepared: Prepared) => void = () => undefined;
    const prepare = vi.fn(() => new Promise<Prepared>((resolve) => (made = resolve)));
    render({ prepare });
    submit();

    expect(result.disabled).toBe(true);
    expect(form.posts).toEqual([]);
    submit();
    expect(prepare).toHaveBeenCalledTimes(1);

    await act(async () => made({ data: { credential: { id: "abc" } } }));
    expect(form.posts).toHaveLength(1);
    expect(form.posts[0]!.data).toEqual({ text: "Notatka", credential: { id: "abc" } });
  });

  it("posts nothing when what is made says why not, and gives its message", async () => {
    render({ prepare: () => Promise.resolve({ refusal: "Ta przeglądarka nie obsługuje kluczy" }) });
    await act(async () => result.post());

    expect(form.posts).toEqual([]);
    expect(result.failure).toBe("Ta przeglądarka nie obsługuje kluczy");
    expect(result.disabled).toBe(false);
  });

  it("is enabled again when the visit is cancelled", () => {
    render();
    submit();
    answer((visit) => visit.onCancel());
    expect(result.disabled).toBe(false);
  });

  it("waits while another form of the page is being sent, whose answer a post would drop", () => {
    render();
    const other = fakeForm();
    let otherResult: ReturnType<typeof useFormSubmit> | undefined;
    function Other({ report }: { report: (submitting: ReturnType<typeof useFormSubmit>) => void }) {
      report(useFormSubmit(other, "/platforma/notatki/1"));
      return null;
    }
    act(() =>
      mounted.root.render(
        <>
          <Harness options={{}} report={(latest) => (result = latest)} />
          <Other report={(latest) => (otherResult = latest)} />
        </>,
      ),
    );
    act(() => otherResult!.post());
    expect(other.posts).toHaveLength(1);

    expect(result.disabled).toBe(true);
    submit();
    expect(form.posts).toEqual([]);

    act(() => {
      other.posts[0]!.visit.onSuccess({ component: "Learning/Notes" });
      other.posts[0]!.visit.onFinish();
    });
    expect(result.disabled).toBe(false);
    submit();
    expect(form.posts).toHaveLength(1);
  });

  it.each([
    ["refused", (visit: Visit) => visit.onError({ form: "Nie" })],
    ["cancelled", (visit: Visit) => visit.onCancel()],
    ["broken", (visit: Visit) => visit.onNetworkError()],
  ])("lets the other forms post again once its post is %s", (_, ending) => {
    render();
    const other = fakeForm();
    submit();
    answer(ending);
    act(() => mounted.root.render(<Twin form={other} />));
    expect(twin.disabled).toBe(false);
  });

  it("lets the other forms post again when its post could not be sent at all", () => {
    form.post = () => {
      throw new Error("no such address");
    };
    render();
    expect(() => submit()).toThrow("no such address");
    act(() => mounted.root.render(<Twin form={fakeForm()} />));
    expect(twin.disabled).toBe(false);
  });

  it("keeps the other forms waiting while it prepares its post", async () => {
    let ready: (prepared: Prepared) => void = () => undefined;
    render({ prepare: () => new Promise<Prepared>((resolve) => (ready = resolve)) });
    const other = fakeForm();
    act(() =>
      mounted.root.render(
        <>
          <Harness
            options={{ prepare: () => new Promise<Prepared>((resolve) => (ready = resolve)) }}
            report={(latest) => (result = latest)}
          />
          <Twin form={other} />
        </>,
      ),
    );
    submit();
    expect(twin.disabled).toBe(true);
    await act(async () => ready({ refusal: "Nie teraz" }));
    expect(twin.disabled).toBe(false);
  });
});

let twin: ReturnType<typeof useFormSubmit>;
/** Another form of the same page. */
function Twin({ form: own }: { form: FakeForm }) {
  const submitting = useFormSubmit(own, "/platforma/notatki/2");
  useEffect(() => {
    twin = submitting;
  });
  return null;
}
