/**
 * What a page shows while its code downloads (decision 0026). It keeps the page's place (a fixed
 * minimum height, so the footer does not jump up and back) and shows its loader only after a short
 * delay: on a warm cache or a fast network the page arrives first and nothing flashes.
 */
import { Box, Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Below this, a load feels instant and a spinner would only flicker. */
const LOADER_DELAY_MS = 200;

export function PageLoading() {
  const [isLoaderShown, setLoaderShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaderShown(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box mih={320} aria-busy="true" data-page-loading>
      {isLoaderShown && (
        <Center py="xl">
          <Loader aria-label="Loading the page" />
        </Center>
      )}
    </Box>
  );
}
