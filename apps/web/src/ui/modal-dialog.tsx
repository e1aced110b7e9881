/** Mantine's Modal, in a module of its own so lazy-modal.tsx can load it on demand. */
export { Modal } from '@mantine/core';
