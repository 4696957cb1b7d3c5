import 'swrr-viz/element';
