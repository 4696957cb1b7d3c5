//! gRPC's weighted round robin: the static stride scheduler as grpc (C++) and grpc-java compute it,
//! the endpoints' weights as gRPC learns them from reports, and gRPC C++'s endpoint order.

pub(crate) mod address_order;
pub(crate) mod endpoint_weight;
pub(crate) mod static_stride;
pub(crate) mod wrr;
