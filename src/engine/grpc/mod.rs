//! gRPC's weighted round robin: the static stride scheduler as grpc (C++) and grpc-java compute it.

pub(crate) mod static_stride;
pub(crate) mod wrr;
