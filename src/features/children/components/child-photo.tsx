import { Avatar } from '@mantine/core';
import { useChildImage } from '../hooks/use-children';

/** A child's photo thumbnail: the local Blob while the child is pending, else the server's image. */
export function ChildPhoto({ image, name, size = 40 }: { image: unknown; name: string; size?: number }) {
  const src = useChildImage(image);
  return (
    <Avatar src={src} alt={name} size={size} radius="xl" data-testid="child-photo">
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
