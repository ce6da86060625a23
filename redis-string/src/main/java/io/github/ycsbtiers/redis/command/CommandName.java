package io.github.ycsbtiers.redis.command;

import io.lettuce.core.protocol.ProtocolKeyword;
import java.nio.charset.StandardCharsets;
import redis.clients.jedis.commands.ProtocolCommand;

/**
 * A command name as raw bytes, for both client libraries. Its {@link #name()} and
 * {@link #toString()} are not the command's: Lettuce treats commands named MULTI and EXEC specially (it would hold every later
 * command's reply back for EXEC, also other clients' commands on the shared connection), and this
 * package frames transactions itself.
 */
final class CommandName implements ProtocolCommand, ProtocolKeyword {
  static final CommandName MULTI = new CommandName("MULTI".getBytes(StandardCharsets.US_ASCII));
  static final CommandName EXEC = new CommandName("EXEC".getBytes(StandardCharsets.US_ASCII));

  private final byte[] raw;

  CommandName(byte[] raw) {
    this.raw = raw;
  }

  @Override
  public byte[] getRaw() {
    return raw;
  }

  @Override
  public byte[] getBytes() {
    return raw;
  }

  @Override
  public String name() {
    return toString();
  }

  @Override
  public String toString() {
    return "raw:" + new String(raw, StandardCharsets.UTF_8);
  }
}
