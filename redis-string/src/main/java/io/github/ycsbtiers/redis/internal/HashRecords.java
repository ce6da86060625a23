package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.BuilderFactory;
import redis.clients.jedis.ClusterCommandArguments;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.CommandObject;
import redis.clients.jedis.Protocol.Command;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The {@code hash} group: one Hash per record, as upstream's binding but without its
 * {@code _indices} sorted set. Insert and update are one {@code HSET key f1 v1 ...}, reading all
 * fields one {@code HGETALL}, reading some one {@code HMGET}, delete one {@code DEL}. Commands are
 * built directly from the YCSB maps (no intermediate maps); field names of the workload are
 * encoded once.
 */
final class HashRecords implements RecordCommands {
  private final UnifiedJedis jedis;
  private final boolean cluster;
  private final HashFields names;

  HashRecords(UnifiedJedis jedis, RedisOptions options) {
    this.jedis = jedis;
    this.cluster = options.cluster();
    this.names = new HashFields(options);
  }

  @Override
  public Status insert(byte[] key, Map<String, ByteIterator> values) {
    if (values.isEmpty()) {
      return Status.BAD_REQUEST;
    }
    CommandArguments args = arguments(Command.HSET).key(key);
    for (Map.Entry<String, ByteIterator> v : values.entrySet()) {
      args.add(names.name(v.getKey())).add(v.getValue().toArray());
    }
    jedis.executeCommand(new CommandObject<>(args, BuilderFactory.LONG));
    return Status.OK;
  }

  @Override
  public Status read(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    return fields == null ? readAll(key, result) : readSome(key, fields, result);
  }

  private Status readAll(byte[] key, Map<String, ByteIterator> result) {
    // RESP2 answers HGETALL with a flat name, value, name, value... array
    List<byte[]> flat = jedis.executeCommand(new CommandObject<>(arguments(Command.HGETALL).key(key),
        BuilderFactory.BINARY_LIST));
    if (flat == null || flat.isEmpty()) {
      return Status.NOT_FOUND;
    }
    for (int i = 0; i + 1 < flat.size(); i += 2) {
      result.put(new String(flat.get(i), StandardCharsets.UTF_8), new ByteArrayByteIterator(flat.get(i + 1)));
    }
    return Status.OK;
  }

  private Status readSome(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields.isEmpty()) {
      return jedis.exists(key) ? Status.OK : Status.NOT_FOUND;
    }
    CommandArguments args = arguments(Command.HMGET).key(key);
    for (String f : fields) {
      args.add(names.name(f));
    }
    List<byte[]> values = jedis.executeCommand(new CommandObject<>(args, BuilderFactory.BINARY_LIST));
    return HashFields.fill(fields, values::get, result);
  }

  @Override
  public Status update(byte[] key, Map<String, ByteIterator> values) {
    return insert(key, values);
  }

  @Override
  public Status delete(byte[] key) {
    return jedis.del(key) == 0 ? Status.NOT_FOUND : Status.OK;
  }

  /** JedisCluster routes by the slot that only its own argument type computes. */
  private CommandArguments arguments(Command command) {
    return cluster ? new ClusterCommandArguments(command) : new CommandArguments(command);
  }
}
