package io.codedyarn.am.net;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The status a stream was really closed with. gRPC's stub layer reports every server-side abort (an
 * oversized inbound message included) to the observer as "CANCELLED: client cancelled"; the stream
 * tracer this factory makes sees the real status first and leaves it in the call's context ({@link
 * #KEY}) for {@link Connection} to name.
 */
final class CloseStatus extends ServerStreamTracer.Factory {
    /** The call's close status, set once the stream closes (null before). */
    static final Context.Key<AtomicReference<Status>> KEY = Context.key("coded-yarn-close-status");

    @Override
    public ServerStreamTracer newServerStreamTracer(String method, Metadata headers) {
        AtomicReference<Status> closed = new AtomicReference<>();
        return new ServerStreamTracer() {
            @Override
            public Context filterContext(Context context) {
                return context.withValue(KEY, closed);
            }

            @Override
            public void streamClosed(Status status) {
                closed.set(status);
            }
        };
    }
}
