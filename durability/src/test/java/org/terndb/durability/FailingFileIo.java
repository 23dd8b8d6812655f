package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/** Fault injection: once {@link #full} is set, every write and fsync fails as on a full disk. */
final class FailingFileIo implements FileIo {
    final AtomicBoolean full = new AtomicBoolean();

    @Override
    public FileChannel open(Path path, OpenOption... options) throws IOException {
        if (full.get()) {
            throw new IOException("No space left on device");
        }
        return new Channel(FileChannel.open(path, options));
    }

    private final class Channel extends FileChannel {
        private final FileChannel d;

        Channel(FileChannel d) {
            this.d = d;
        }

        private void check() throws IOException {
            if (full.get()) {
                throw new IOException("No space left on device");
            }
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return d.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return d.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            check();
            return d.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            check();
            return d.write(srcs, offset, length);
        }

        @Override
        public long position() throws IOException {
            return d.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            d.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return d.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            d.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            check();
            d.force(metaData);
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return d.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            check();
            return d.transferFrom(src, position, count);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return d.read(dst, position);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            check();
            return d.write(src, position);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            return d.map(mode, position, size);
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return d.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return d.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            d.close();
        }
    }
}
