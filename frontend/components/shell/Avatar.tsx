interface AvatarProps {
  src: string | null;
  size?: "sm" | "lg";
}

/** The user's picture, or the default one (docs/behaviour.md#menus). Decorative: the name is
 * always shown or announced next to it. */
export default function Avatar({ src, size = "sm" }: AvatarProps) {
  const dimension = size === "lg" ? "size-12" : "size-9";
  return (
    <img
      src={src ?? "/static/img/default-avatar.svg"}
      alt=""
      className={`${dimension} shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover`}
    />
  );
}
