package io.github.ycsbtiers.redis.command;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.CommandOutput;
import java.nio.ByteBuffer;
import site.ycsb.Status;

/**
 * Accepts any reply and keeps only what the status needs: NOT_FOUND for a nil top-level reply,
 * OK otherwise. An error reply, also one inside an array (EXEC's), is kept by the base class and
 * fails the command.
 */
final class ReplyOutput extends CommandOutput<byte[], byte[], Status> {
  private boolean aggregate;
  private boolean nil;

  ReplyOutput() {
    super(ByteArrayCodec.INSTANCE, Status.OK);
  }

  @Override
  public Status get() {
    return nil && !aggregate ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public void set(ByteBuffer bytes) {
    if (bytes == null) {
      nil = true;
    }
  }

  @Override
  public void setSingle(ByteBuffer bytes) {
    set(bytes);
  }

  @Override
  public void setBigNumber(ByteBuffer bytes) {
  }

  @Override
  public void set(long integer) {
  }

  @Override
  public void set(double number) {
  }

  @Override
  public void set(boolean value) {
  }

  @Override
  public void multi(int count) {
    if (count >= 0) {
      aggregate = true;
    } else {
      nil = true;
    }
  }
}
